import { z } from 'zod';

/**
 * A fine-grained grant as an API body carries it (`FineGrainedRequest`): entities by type and
 * name; an `_id` sent back from a view is ignored. The bounds only keep a body small: what the
 * grant may hold is `checkFineGrainedRequest`'s to decide.
 */
export const fineGrainedRequestBody = z.strictObject({
  global: z.array(z.string()).max(50).optional(),
  scoped: z
    .array(
      z.strictObject({
        entity: z.strictObject({
          type: z.string(),
          name: z.string().min(1).max(200),
          _id: z.string().optional(),
        }),
        permissions: z.array(z.string()).max(50),
      }),
    )
    .max(100)
    .optional(),
  canReadGatedRepos: z.boolean().optional(),
});
