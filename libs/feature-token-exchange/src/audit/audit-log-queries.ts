import { z } from 'zod';

const auditFilterFields = {
  action: z
    .string()
    .regex(/^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/, 'must be an action name such as oauth.token_exchange')
    .optional(),
  clientId: z.string().min(1).max(2048).optional(),
  subject: z.string().min(1).max(320).optional(),
  member: z.string().trim().min(1).max(320).optional(),
  app: z.string().trim().min(1).max(2048).optional(),
  since: z.iso
    .datetime({
      offset: true,
      message: 'must be an ISO 8601 date and time, e.g. 2026-11-01T00:00:00Z',
    })
    .transform((text) => new Date(text))
    .optional(),
  until: z.iso
    .datetime({
      offset: true,
      message: 'must be an ISO 8601 date and time, e.g. 2026-11-30T00:00:00Z',
    })
    .transform((text) => new Date(text))
    .optional(),
};

/** `GET …/audit-log`: filters and a page. */
export const auditLogQuerySchema = z.strictObject({
  ...auditFilterFields,
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** `GET …/audit-log/export`: filters and a format. */
export const auditExportQuerySchema = z.strictObject({
  ...auditFilterFields,
  format: z.enum(['json', 'csv']).default('json'),
});

export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;
