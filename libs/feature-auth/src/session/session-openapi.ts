import { z } from 'zod';
import { API_ERRORS, type ApiDescription, emptyResponse, jsonResponse } from '@gatehouse/platform';
import type {
  OtherSessionsEndedView,
  SessionView,
  SignInSessionView,
} from '@gatehouse/settings-api';

const sessionSchema = z
  .object({
    user: z.object({
      id: z.string(),
      name: z.string(),
      fullname: z.string(),
      email: z.string(),
      avatarUrl: z.string().nullable(),
    }),
    orgs: z.array(
      z.object({ id: z.string(), name: z.string(), fullname: z.string(), roleInOrg: z.string() }),
    ),
    csrfToken: z.string().meta({ description: 'Sent back as `X-CSRF-Token` on every API call.' }),
  })
  .meta({ id: 'Session' }) satisfies z.ZodType<SessionView>;

const signInSessionSchema = z
  .object({
    id: z.string().meta({
      description: 'A public id of the session, never its cookie: name it to sign it out.',
    }),
    device: z.string().meta({
      description:
        'The browser and system in plain words, from its User-Agent ("Chrome on Linux").',
    }),
    address: z.string().meta({ description: 'The client address it signed in from.' }),
    signedInAt: z.string(),
    lastActiveAt: z.string().meta({ description: 'Kept to the minute.' }),
    current: z.boolean().meta({ description: 'The browser asking.' }),
  })
  .meta({ id: 'SignInSession' }) satisfies z.ZodType<SignInSessionView>;

const otherSessionsEndedSchema = z
  .object({ sessionsEnded: z.number().int() })
  .meta({ id: 'OtherSessionsEnded' }) satisfies z.ZodType<OtherSessionsEndedView>;

const onSession = { tags: ['session'], security: [{ session: [] }] };

/**
 * The settings app's browser session (session-api.controller.ts) and the signed-in person's
 * sessions (sign-in-sessions.controller.ts); docs/settings-api.md.
 */
export const SESSION_API: ApiDescription = {
  '/api/session': {
    get: {
      summary: 'The signed-in user of the browser session and its CSRF token',
      tags: ['session'],
      security: [{ session: [] }],
      responses: { '200': jsonResponse('The session.', sessionSchema), ...API_ERRORS },
    },
  },
  '/api/settings/sessions': {
    get: {
      ...onSession,
      summary: 'The signed-in browsers of the account, the most recently active first',
      description:
        'Only with the browser session. Each has its device, address, sign-in time and last activity.',
      responses: {
        '200': jsonResponse('The sessions.', z.array(signInSessionSchema)),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/sessions/sign-out-others': {
    post: {
      ...onSession,
      summary: 'Sign out every browser of the account but this one',
      responses: {
        '200': jsonResponse('How many sessions ended.', otherSessionsEndedSchema),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/sessions/{id}': {
    delete: {
      ...onSession,
      summary: 'Sign one browser of the account out',
      requestParams: {
        path: z.object({ id: z.string().meta({ description: 'The session’s public id.' }) }),
      },
      responses: { '204': emptyResponse('Signed out.'), ...API_ERRORS },
    },
  },
  '/api/session/logout': {
    post: {
      summary: 'End the browser session',
      tags: ['session'],
      security: [{ session: [] }],
      responses: { '204': emptyResponse('Signed out.'), ...API_ERRORS },
    },
  },
};
