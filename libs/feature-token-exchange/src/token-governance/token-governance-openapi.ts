import { z } from 'zod';
import { fineGrainedPermissionsSchema } from '@gatehouse/domain';
import { type ApiDescription, jsonRequestBody, settingsOperations } from '@gatehouse/platform';
import type {
  OrganizationTokenPolicyView,
  OrganizationTokensPage,
  OrganizationTokenView,
} from '@gatehouse/settings-api';
import { listQuery, policyBody, revokeBody } from './token-governance-inputs';

const tokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    owner: z.object({
      id: z.string(),
      username: z.string(),
      fullname: z.string(),
      role: z.string().meta({
        description: "The owner's role in the organization: read, contributor, write or admin.",
      }),
    }),
    role: z.enum(['read', 'write', 'fineGrained']),
    fineGrained: fineGrainedPermissionsSchema
      .nullable()
      .meta({ description: 'Only the entries about this organization or its repositories.' }),
    preview: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    approval: z.object({
      state: z.enum(['not_required', 'pending', 'approved', 'denied']),
      decidedBy: z.string().nullable(),
      decidedAt: z.string().nullable(),
    }),
    blocked: z.boolean().meta({ description: "Whether the organization's policy refuses it now." }),
  })
  .meta({ id: 'OrganizationToken' }) satisfies z.ZodType<OrganizationTokenView>;

const pageSchema = z
  .object({
    tokens: z.array(tokenSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'The next (older) page; null at the end.' }),
  })
  .meta({ id: 'OrganizationTokensPage' }) satisfies z.ZodType<OrganizationTokensPage>;

const policySchema = z
  .object({
    policy: z.enum(['allow_all', 'fine_grained_only', 'require_approval']),
    approvalRequiredSince: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'OrganizationTokenPolicy' }) satisfies z.ZodType<OrganizationTokenPolicyView>;

const wrapped = z.object({ token: tokenSchema }).meta({ id: 'WrappedOrganizationToken' });
const organization = z.object({ name: z.string().meta({ description: 'An organization name.' }) });
const token = { requestParams: { path: organization.extend({ tokenId: z.string() }) } };
const inOrganization = { requestParams: { path: organization } };

const operation = settingsOperations('organization tokens');

/**
 * Token governance of an organization (token-governance.controller.ts; docs/settings-api.md
 * "Organization tokens"), for its administrators.
 */
export const TOKEN_GOVERNANCE_API: ApiDescription = {
  '/api/organizations/{name}/settings/tokens': {
    get: operation('The tokens that can act in the organization, newest first', '200', pageSchema, {
      requestParams: { path: organization, query: listQuery },
    }),
  },
  '/api/organizations/{name}/settings/tokens/revoke': {
    post: operation('Revoke a token by its value', '200', wrapped, {
      ...inOrganization,
      ...jsonRequestBody(revokeBody),
    }),
  },
  '/api/organizations/{name}/settings/tokens/{tokenId}/approve': {
    post: operation('Approve a fine-grained token under `require_approval`', '200', wrapped, token),
  },
  '/api/organizations/{name}/settings/tokens/{tokenId}/deny': {
    post: operation('Deny a fine-grained token under `require_approval`', '200', wrapped, token),
  },
  '/api/organizations/{name}/settings/tokens/{tokenId}': {
    delete: operation('Revoke a token of the list', '204', null, token),
  },
  '/api/organizations/{name}/settings/token-policy': {
    get: operation("The organization's token policy", '200', policySchema, inOrganization),
    put: operation('Set the token policy', '200', policySchema, {
      ...inOrganization,
      ...jsonRequestBody(policyBody),
    }),
  },
};
