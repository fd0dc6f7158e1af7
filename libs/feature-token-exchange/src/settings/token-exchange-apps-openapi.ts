import { z } from 'zod';
import {
  API_ERRORS,
  type ApiDescription,
  BEARER_OR_SESSION,
  jsonResponse,
} from '@gatehouse/platform';
import type { TokenExchangeAppView } from '@gatehouse/settings-api';
import type { RefreshedClientSecret } from './organization-settings.service';
import { tokenDurationBody } from './token-duration-body';

const appSchema = z
  .object({
    clientId: z.string(),
    name: z.string(),
    scopes: z.array(z.string()),
    tokenDurationSeconds: z.number().int(),
    hasClientSecret: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TokenExchangeApp' }) satisfies z.ZodType<TokenExchangeAppView>;

const secretSchema = z
  .object({
    clientId: z.string(),
    clientSecret: z.string().meta({ description: 'In this answer only.' }),
  })
  .meta({ id: 'RefreshedClientSecret' }) satisfies z.ZodType<RefreshedClientSecret>;

const common = { tags: ['organization settings'], security: BEARER_OR_SESSION };
const organization = z.object({ name: z.string().meta({ description: 'An organization name.' }) });
const app = { requestParams: { path: organization.extend({ clientId: z.string() }) } };

/**
 * The token-exchange apps bound to an organization (organization-settings.controller.ts;
 * docs/settings-api.md): its administrators, or a fine-grained token with `org.read`/`org.write`.
 */
export const TOKEN_EXCHANGE_APPS_API: ApiDescription = {
  '/api/organizations/{name}/settings/token-exchange-apps': {
    get: {
      ...common,
      summary: 'The token-exchange apps bound to the organization',
      requestParams: { path: organization },
      responses: {
        '200': jsonResponse('The apps.', z.object({ apps: z.array(appSchema) })),
        ...API_ERRORS,
      },
    },
  },
  '/api/organizations/{name}/settings/token-exchange-apps/{clientId}': {
    put: {
      ...common,
      ...app,
      summary: 'Set the lifetime of the tokens the app exchanges',
      requestBody: { content: { 'application/json': { schema: tokenDurationBody } } },
      responses: {
        '200': jsonResponse('The app.', z.object({ app: appSchema })),
        ...API_ERRORS,
      },
    },
  },
  '/api/organizations/{name}/settings/token-exchange-apps/{clientId}/secret': {
    post: {
      ...common,
      ...app,
      summary: 'A new client secret, shown once; the previous one stops working',
      responses: { '200': jsonResponse('The new secret.', secretSchema), ...API_ERRORS },
    },
  },
};
