import { z } from 'zod';
import {
  API_ERRORS,
  type ApiDescription,
  BEARER_OR_SESSION,
  type DescribesExactly,
  jsonResponse,
} from '@gatehouse/platform';
import type { AuditEntryView, AuditLogPage, AuditLogVerification } from '@gatehouse/settings-api';
import { auditExportQuerySchema, auditLogQuerySchema } from './audit-log-queries';

const entrySchema = z
  .object({
    id: z.string(),
    seq: z.number().int(),
    action: z.string().meta({ description: 'Such as `oauth.token_exchange`.' }),
    outcome: z.enum(['success', 'failure']),
    errorCode: z.string().nullable(),
    clientId: z.string().nullable(),
    actorUserId: z.string().nullable(),
    subject: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    prevHash: z.string().nullable(),
    hash: z.string(),
  })
  .meta({
    id: 'AuditEntry',
    description: 'Every hashed field, so a reader can check the chain.',
  }) satisfies z.ZodType<AuditEntryView>;

const pageSchema = z
  .object({
    entries: z.array(entrySchema),
    nextCursor: z.string().nullable().meta({
      description:
        'The next (older) page, also in a `Link: <…>; rel="next"` header; null at the end.',
    }),
  })
  .meta({ id: 'AuditLogPage' }) satisfies z.ZodType<AuditLogPage>;

const verificationSchema = z
  .union([
    z.object({ intact: z.literal(true), checked: z.number().int() }),
    z.object({
      intact: z.literal(false),
      checked: z.number().int(),
      brokenAt: z.object({
        seq: z.number().int(),
        id: z.string().nullable(),
        problem: z.enum([
          'sequence_gap',
          'prev_hash_mismatch',
          'hash_mismatch',
          'mac_mismatch',
          'mac_missing',
          'truncated',
          'head_mismatch',
        ]),
        message: z.string(),
      }),
    }),
  ])
  .meta({ id: 'AuditLogVerification' });

const checked: DescribesExactly<typeof verificationSchema, AuditLogVerification> = true;
void checked;

const common = { tags: ['audit log'], security: BEARER_OR_SESSION };
const organization = z.object({ name: z.string().meta({ description: 'An organization name.' }) });

/**
 * An organization's audit log (audit-log.controller.ts; docs/settings-api.md), for its
 * administrators, or a fine-grained token with `org.read`/`org.write`.
 */
export const AUDIT_LOG_API: ApiDescription = {
  '/api/organizations/{name}/audit-log': {
    get: {
      ...common,
      summary: 'Audit entries, newest first, a page at a time',
      description:
        '`app` is a name or client ID; `member` a username or address (entries the person wrote or that are about them).',
      requestParams: { path: organization, query: auditLogQuerySchema },
      responses: { '200': jsonResponse('A page.', pageSchema), ...API_ERRORS },
    },
  },
  '/api/organizations/{name}/audit-log/export': {
    get: {
      ...common,
      summary: 'Every matching entry, as a JSON or CSV download',
      requestParams: { path: organization, query: auditExportQuerySchema },
      responses: {
        '200': {
          description:
            'The entries, newest first; 400 beyond the export limit: narrow the filters.',
          content: {
            'application/json': { schema: z.array(entrySchema) },
            'text/csv': { schema: z.string() },
          },
        },
        ...API_ERRORS,
      },
    },
  },
  '/api/organizations/{name}/audit-log/verify': {
    get: {
      ...common,
      summary: 'Whether the hash chain and its seal hold, and where they break',
      requestParams: { path: organization },
      responses: { '200': jsonResponse('The result.', verificationSchema), ...API_ERRORS },
    },
  },
};
