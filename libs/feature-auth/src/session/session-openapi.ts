import { z } from 'zod';
import { API_ERRORS, type ApiDescription, emptyResponse, jsonResponse } from '@gatehouse/platform';
import type { SessionView } from '@gatehouse/settings-api';

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

/** The settings app's browser session (session-api.controller.ts; docs/settings-api.md). */
export const SESSION_API: ApiDescription = {
  '/api/session': {
    get: {
      summary: 'The signed-in user of the browser session and its CSRF token',
      tags: ['session'],
      security: [{ session: [] }],
      responses: { '200': jsonResponse('The session.', sessionSchema), ...API_ERRORS },
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
