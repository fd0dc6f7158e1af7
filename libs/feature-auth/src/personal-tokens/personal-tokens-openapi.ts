import { z } from 'zod';
import { fineGrainedPermissionsSchema } from '@gatehouse/domain';
import { type ApiDescription, jsonRequestBody, settingsOperations } from '@gatehouse/platform';
import type { CreatedPersonalToken, PersonalTokenView } from '@gatehouse/settings-api';
import { createTokenBody, updateTokenBody } from './personal-token-bodies';

const tokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(['read', 'write', 'fineGrained']),
    fineGrained: fineGrainedPermissionsSchema
      .nullable()
      .meta({ description: 'Role `fineGrained` only.' }),
    preview: z.string().nullable().meta({ description: '`hf_…abcd`, to tell tokens apart.' }),
    createdAt: z.string(),
    expiresAt: z.string().nullable().meta({ description: 'Null: the token does not expire.' }),
    expired: z.boolean(),
    lastUsedAt: z.string().nullable(),
    lastUsedFrom: z
      .object({ address: z.string().nullable(), client: z.string().nullable() })
      .nullable()
      .meta({ description: 'An anonymised address prefix and the client family.' }),
    approvals: z.array(
      z.object({
        organization: z.object({ id: z.string(), name: z.string() }),
        state: z.enum(['pending', 'approved', 'denied']),
      }),
    ),
  })
  .meta({ id: 'PersonalToken' }) satisfies z.ZodType<PersonalTokenView>;

const createdSchema = tokenSchema
  .extend({ token: z.string().meta({ description: 'The token, in this answer only.' }) })
  .meta({ id: 'CreatedPersonalToken' }) satisfies z.ZodType<CreatedPersonalToken>;

const id = { requestParams: { path: z.object({ id: z.string() }) } };

const operation = settingsOperations('access tokens');

/**
 * The caller's personal access tokens (personal-tokens.controller.ts; docs/settings-api.md
 * "Access tokens"): a `read`/`write` token or the session; changes need `write`.
 */
export const PERSONAL_TOKENS_API: ApiDescription = {
  '/api/settings/tokens': {
    get: operation("The caller's tokens, never their values", '200', z.array(tokenSchema)),
    post: operation(
      'Create a token; its value is in this answer only',
      '201',
      createdSchema,
      jsonRequestBody(createTokenBody),
    ),
  },
  '/api/settings/tokens/{id}': {
    get: operation('One token', '200', tokenSchema, id),
    patch: operation('Rename a token or replace its fine-grained grant', '200', tokenSchema, {
      ...id,
      ...jsonRequestBody(updateTokenBody),
    }),
    delete: operation('Delete a token', '204', null, id),
  },
  '/api/settings/tokens/{id}/refresh': {
    post: operation(
      'A new value for the token, same settings; the old value stops working',
      '200',
      createdSchema,
      id,
    ),
  },
};
