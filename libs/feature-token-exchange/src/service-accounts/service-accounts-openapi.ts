import { z } from 'zod';
import { fineGrainedPermissionsSchema } from '@gatehouse/domain';
import { type ApiDescription, jsonRequestBody, settingsOperations } from '@gatehouse/platform';
import type {
  CreatedServiceAccountToken,
  ServiceAccountDetail,
  ServiceAccountView,
} from '@gatehouse/settings-api';
import { createAccountBody, createTokenBody, updateAccountBody } from './service-account-bodies';

const accountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    username: z.string().meta({ description: '`<organization>+<name>`, as whoami-v2 names it.' }),
    displayName: z.string(),
    role: z.literal('write').meta({ description: 'The ceiling of every token it holds.' }),
    createdAt: z.string(),
  })
  .meta({ id: 'ServiceAccount' }) satisfies z.ZodType<ServiceAccountView>;

const tokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    fineGrained: fineGrainedPermissionsSchema,
    preview: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string().nullable().meta({ description: 'Null: the token does not expire.' }),
    expired: z.boolean(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ServiceAccountToken' });

const detailSchema = accountSchema
  .extend({ tokens: z.array(tokenSchema) })
  .meta({ id: 'ServiceAccountDetail' }) satisfies z.ZodType<ServiceAccountDetail>;

const createdTokenSchema = tokenSchema
  .extend({ token: z.string().meta({ description: 'The token, in this answer only.' }) })
  .meta({ id: 'CreatedServiceAccountToken' }) satisfies z.ZodType<CreatedServiceAccountToken>;

const organization = z.object({ name: z.string().meta({ description: 'An organization name.' }) });
const inOrganization = { requestParams: { path: organization } };
const account = { requestParams: { path: organization.extend({ id: z.string() }) } };
const token = {
  requestParams: { path: organization.extend({ id: z.string(), tokenId: z.string() }) },
};

const operation = settingsOperations('service accounts');

/**
 * An organization's service accounts and their tokens (service-accounts.controller.ts;
 * docs/settings-api.md "Service accounts"), for its administrators.
 */
export const SERVICE_ACCOUNTS_API: ApiDescription = {
  '/api/organizations/{name}/settings/service-accounts': {
    get: operation(
      "The organization's service accounts",
      '200',
      z.object({ serviceAccounts: z.array(accountSchema) }),
      inOrganization,
    ),
    post: operation('Create a service account', '201', accountSchema, {
      ...inOrganization,
      ...jsonRequestBody(createAccountBody),
    }),
  },
  '/api/organizations/{name}/settings/service-accounts/{id}': {
    get: operation('A service account and its live tokens', '200', detailSchema, account),
    patch: operation('Rename a service account', '200', accountSchema, {
      ...account,
      ...jsonRequestBody(updateAccountBody),
    }),
    delete: operation('Delete a service account; its tokens stop working', '204', null, account),
  },
  '/api/organizations/{name}/settings/service-accounts/{id}/tokens': {
    post: operation(
      'Create a token on the organization or its repositories; its value is in this answer only',
      '201',
      createdTokenSchema,
      { ...account, ...jsonRequestBody(createTokenBody) },
    ),
  },
  '/api/organizations/{name}/settings/service-accounts/{id}/tokens/{tokenId}/rotate': {
    post: operation(
      'A new value for the token, same grant; the old value stops working',
      '200',
      createdTokenSchema,
      token,
    ),
  },
  '/api/organizations/{name}/settings/service-accounts/{id}/tokens/{tokenId}': {
    delete: operation('Delete a token', '204', null, token),
  },
};
