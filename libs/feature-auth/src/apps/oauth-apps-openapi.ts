import { z } from 'zod';
import { type ApiDescription, jsonRequestBody, settingsOperations } from '@gatehouse/platform';
import type { OAuthAppView } from '@gatehouse/settings-api';
import { createAppSchema, updateAppSchema } from './app-input';
import type { AppWithSecret, OAuthAppsService } from './oauth-apps.service';

const appSchema = z
  .object({
    id: z.string(),
    clientId: z.string(),
    name: z.string(),
    owner: z.object({ type: z.enum(['user', 'org']), name: z.string() }),
    redirectUris: z.array(z.string()),
    postLogoutRedirectUris: z.array(z.string()).meta({
      description: 'Where `/oauth/end-session` may send the browser back after signing out.',
    }),
    backchannelLogoutUri: z.string().nullable().meta({
      description: 'Where a signed logout token is POSTed when the person signs out.',
    }),
    backchannelLogoutSessionRequired: z.boolean().meta({
      description: 'Logout tokens carry the `sid` of the signed-out session.',
    }),
    scopes: z.array(z.string()),
    logoUri: z.string().nullable(),
    homepageUrl: z.string().nullable(),
    public: z.boolean().meta({ description: 'No client secret: PKCE alone.' }),
    accessTokenTtlSeconds: z.number().int(),
    tokenExchange: z.boolean().meta({ description: "Set by the platform's support; read-only." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'OAuthApp' }) satisfies z.ZodType<OAuthAppView>;

const wrapped = z.object({ app: appSchema }).meta({ id: 'WrappedOAuthApp' });
const secret = z.string().meta({ description: 'The client secret, in this answer only.' });

const createdSchema = z.object({ app: appSchema, clientSecret: secret.optional() }).meta({
  id: 'CreatedOAuthApp',
  description: 'A public app has no `clientSecret`.',
}) satisfies z.ZodType<Awaited<ReturnType<OAuthAppsService['create']>>>;

const withSecretSchema = z
  .object({ app: appSchema, clientSecret: secret })
  .meta({ id: 'OAuthAppWithSecret' }) satisfies z.ZodType<AppWithSecret>;

const clientId = { requestParams: { path: z.object({ clientId: z.string() }) } };

const operation = settingsOperations('oauth apps');

/**
 * The OAuth apps the caller manages (oauth-apps.controller.ts; README "OAuth app settings API"):
 * a `read`/`write` token or the session; changes need `write`.
 */
export const OAUTH_APPS_API: ApiDescription = {
  '/api/settings/apps': {
    get: operation(
      'The apps of the caller and of the organizations it administers, a bare array',
      '200',
      z.array(appSchema),
    ),
    post: operation(
      'Register an app; a confidential one gets a client secret, shown once',
      '201',
      createdSchema,
      jsonRequestBody(createAppSchema),
    ),
  },
  '/api/settings/apps/{clientId}': {
    get: operation('One app', '200', wrapped, clientId),
    patch: operation('Change an app', '200', wrapped, {
      ...clientId,
      ...jsonRequestBody(updateAppSchema),
    }),
    delete: operation('Delete an app; its tokens stop working', '204', null, clientId),
  },
  '/api/settings/apps/{clientId}/secret': {
    post: operation(
      'A new client secret, shown once; a previous one stops working at once',
      '200',
      withSecretSchema,
      clientId,
    ),
    delete: operation('Remove the client secret: the app becomes public', '200', wrapped, clientId),
  },
};
