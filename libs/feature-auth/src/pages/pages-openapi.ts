import { z } from 'zod';
import {
  type ApiDescription,
  type ApiOperation,
  PAGE_OTHER_ANSWERS,
  pageResponse,
} from '@gatehouse/platform';

function page(summary: string, mediaType = 'text/html', path?: z.ZodObject): ApiOperation {
  return {
    summary,
    tags: ['pages'],
    ...(path && { requestParams: { path } }),
    responses: { '200': pageResponse('The page.', mediaType), ...PAGE_OTHER_ANSWERS },
  };
}

const form = (fields: Record<string, z.ZodType>) => ({
  content: { 'application/x-www-form-urlencoded': { schema: z.object(fields) } },
});

const csrf = { csrf_token: z.string() };

/**
 * The server-rendered pages a person signs in, consents and enters a device code on, and the
 * settings app's pages (docs/oauth.md, docs/settings-api.md). They work without JavaScript.
 */
export const PAGES_API: ApiDescription = {
  '/oauth/authorize': {
    get: {
      ...page('Start an authorization request (RFC 6749 §4.1): sign-in, consent, then a redirect'),
      requestParams: {
        query: z.object({
          client_id: z.string(),
          redirect_uri: z.string().optional(),
          response_type: z.literal('code'),
          scope: z.string().optional(),
          state: z.string().optional(),
          code_challenge: z.string().optional(),
          code_challenge_method: z.literal('S256').optional(),
          nonce: z.string().optional(),
          prompt: z.string().optional(),
        }),
      },
    },
    post: page('The same authorization request sent as a form (OpenID Connect Core §3.1.2.1)'),
  },
  '/oauth/consent': {
    get: page('The consent page of a pending authorization request'),
    post: {
      ...page('Allow or deny the pending authorization request'),
      requestBody: form({
        ...csrf,
        consent_id: z.string(),
        decision: z.enum(['authorize', 'deny']),
        scopes: z.union([z.string(), z.array(z.string())]).optional(),
      }),
    },
  },
  '/oauth/device': { get: page('The page a person enters a device code on') },
  '/oauth/device/verify': {
    post: {
      ...page('Check the entered device code'),
      requestBody: form({ ...csrf, user_code: z.string() }),
    },
  },
  '/oauth/device/consent': { get: page('The consent page of a device authorization') },
  '/oauth/login': {
    get: page('The sign-in page'),
    post: {
      ...page('Sign in with a user name and password'),
      requestBody: form({
        ...csrf,
        login: z.string(),
        password: z.string(),
        return_to: z.string().optional(),
      }),
    },
  },
  '/oauth/logout': {
    get: page('The sign-out page'),
    post: { ...page('Sign out of the browser session'), requestBody: form(csrf) },
  },
  '/oauth/assets/pages.css': { get: page("The pages' stylesheet", 'text/css') },
  '/oauth/assets/passkey.js': {
    get: page("The sign-in pages' passkey script", 'text/javascript'),
  },
  '/': { get: page('The home page of the settings app') },
  '/settings': { get: page('The settings app') },
  '/settings/{page}': {
    get: page('A page of the settings app', 'text/html', z.object({ page: z.string() })),
  },
  '/organizations/{name}/settings/{page}': {
    get: page(
      "A page of an organization's settings in the settings app",
      'text/html',
      z.object({ name: z.string(), page: z.string() }),
    ),
  },
  '/assets/{file}': {
    get: page(
      'A file of the settings app (script, style sheet, image)',
      'application/octet-stream',
      z.object({ file: z.string() }),
    ),
  },
};
