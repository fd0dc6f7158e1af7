import { z } from 'zod';

/**
 * A fine-grained grant as the settings API and whoami-v2 answer it: `global` on the owner's own
 * account, each scoped entry on one entity with its id (docs/oauth.md "Fine-grained tokens").
 * The OpenAPI descriptions of the token views share it.
 */
export const fineGrainedPermissionsSchema = z
  .object({
    global: z.array(z.string()),
    scoped: z.array(
      z.object({
        entity: z.object({
          _id: z.string(),
          type: z.enum(['user', 'org', 'model', 'dataset', 'space']),
          name: z.string(),
        }),
        permissions: z.array(z.string()),
      }),
    ),
    canReadGatedRepos: z.boolean(),
  })
  .meta({ id: 'FineGrainedPermissions' });
