import { z } from 'zod';
import {
  type ApiDescription,
  type ApiOperation,
  PAGE_OTHER_ANSWERS,
  pageResponse,
} from '@gatehouse/platform';

const parameters = z.object({
  id_token_hint: z.string().optional().meta({
    description:
      'An ID token this server issued to the app (expired ones too): when it names the signed-in person, no question is asked.',
  }),
  client_id: z.string().optional().meta({
    description: 'The app asking; with a hint, one of its audiences.',
  }),
  post_logout_redirect_uri: z.string().optional().meta({
    description:
      'Where to send the browser once signed out: one of the app’s registered `postLogoutRedirectUris`, exactly.',
  }),
  state: z.string().optional().meta({
    description: 'Given back to the app on the post-logout redirect.',
  }),
});

const endSession = (summary: string, extra: Partial<ApiOperation>): ApiOperation => ({
  summary,
  description:
    'OpenID Connect RP-Initiated Logout 1.0 (docs/oauth.md "Logout"): signs the browser out and tells the user’s apps (back-channel logout), then redirects (303) to the registered `post_logout_redirect_uri` with `state`, or shows that the browser signed out. A request that does not name the signed-in person gets a confirmation page first; an unregistered `post_logout_redirect_uri` gets an error page (400), never a redirect.',
  tags: ['pages'],
  responses: {
    '200': pageResponse('The confirmation page, or the signed-out page.'),
    ...PAGE_OTHER_ANSWERS,
  },
  ...extra,
});

/** The `end_session_endpoint` (end-session.controller.ts). */
export const LOGOUT_API: ApiDescription = {
  '/oauth/end-session': {
    get: endSession('End the browser session at an app’s request', {
      requestParams: { query: parameters },
    }),
    post: endSession('End the browser session at an app’s request, sent as a form', {
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: parameters.extend({
              csrf_token: z.string().optional().meta({
                description: 'With `confirm`: the confirmation page’s answer.',
              }),
              confirm: z.literal('yes').optional(),
            }),
          },
        },
      },
    }),
  },
};
