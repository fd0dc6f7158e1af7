import { fineGrainedRequestBody as fineGrained } from '@gatehouse/domain';
import { z } from 'zod';

const name = z.string().trim().min(1).max(100);

/** `POST /api/settings/tokens` (docs/settings-api.md "Access tokens"). */
export const createTokenBody = z.strictObject({
  name,
  role: z.enum(['read', 'write', 'fineGrained']),
  fineGrained: fineGrained.optional(),
  expiresInDays: z.number().int().nullable().optional(),
  expiresAt: z.string().max(64).nullable().optional(),
});

/** `PATCH /api/settings/tokens/{id}`: a new name, a new grant, or both. */
export const updateTokenBody = z
  .strictObject({ name: name.optional(), fineGrained: fineGrained.optional() })
  .refine((body) => body.name !== undefined || body.fineGrained !== undefined, {
    message: 'Give a name or fineGrained to change',
  });
