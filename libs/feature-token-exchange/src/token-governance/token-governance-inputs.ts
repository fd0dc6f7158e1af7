import { ORG_TOKEN_POLICIES, type OrgTokenPolicy } from '@gatehouse/domain';
import { z } from 'zod';

/** `GET …/settings/tokens`: a page, newest first. */
export const listQuery = z.strictObject({
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** `PUT …/settings/token-policy`. */
export const policyBody = z.strictObject({
  policy: z.enum(ORG_TOKEN_POLICIES as unknown as [OrgTokenPolicy, ...OrgTokenPolicy[]]),
});

/** `POST …/settings/tokens/revoke`: the token's value. */
export const revokeBody = z.strictObject({ token: z.string().min(1).max(4096) });
