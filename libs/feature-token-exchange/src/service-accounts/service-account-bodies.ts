import { fineGrainedRequestBody } from '@gatehouse/domain';
import { z } from 'zod';

const displayName = z.string().trim().min(1).max(100);

/** `POST …/service-accounts`. */
export const createAccountBody = z.strictObject({
  name: z.string().min(1).max(64),
  displayName: displayName.optional(),
});

/** `PATCH …/service-accounts/{id}`. */
export const updateAccountBody = z.strictObject({ displayName });

/** `POST …/service-accounts/{id}/tokens`: permissions on the organization or its repositories. */
export const createTokenBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  fineGrained: fineGrainedRequestBody,
  expiresInDays: z.number().int().nullable().optional(),
  expiresAt: z.string().max(64).nullable().optional(),
});
