import { Permission, PERMISSIONS, POLICY_ACTIONS, PolicyAction } from '@gatehouse/domain';
import { z } from 'zod';

/**
 * The body of `POST /internal/authorize`: may the bearer of `token` do `action` on `resource`, or,
 * the second shape, use `permission` (a fine-grained permission name: `repo.content.read`, …) on
 * it? Exactly one of the two.
 */
export const authorizeRequestSchema = z
  .strictObject({
    /** The caller's bearer token, as the client sent it. */
    token: z.string().min(1).max(4096),
    action: z.enum(POLICY_ACTIONS as [PolicyAction, ...PolicyAction[]]).optional(),
    permission: z.enum(PERMISSIONS as [Permission, ...Permission[]]).optional(),
    resource: z.strictObject({
      kind: z.enum(['repo', 'collection', 'user', 'org', 'endpoint', 'job', 'webhook']),
      /** Repositories: `<type>/<name>` (e.g. `model/acme/bert`), which trusted-publisher tokens are bound to. */
      id: z.string().min(1).optional(),
      ownerType: z.enum(['user', 'org']),
      ownerId: z.string().min(1),
      private: z.boolean(),
      gated: z.boolean().optional(),
      userHasGatedAccess: z.boolean().optional(),
      createdByClientId: z.string().min(1).nullable().optional(),
      createdByUserId: z.string().min(1).nullable().optional(),
    }),
  })
  .refine((request) => (request.action === undefined) !== (request.permission === undefined), {
    message: 'Give either action or permission',
    path: ['action'],
  });

export type AuthorizeRequest = z.output<typeof authorizeRequestSchema>;
