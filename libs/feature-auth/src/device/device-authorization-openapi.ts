import { z } from 'zod';
import { type ApiDescription, jsonResponse, OAUTH_ERRORS } from '@gatehouse/platform';
import type { DeviceAuthorizationResponse } from './device-authorization.service';

const deviceAuthorizationSchema = z
  .object({
    device_code: z.string(),
    user_code: z.string().meta({ description: 'What the person types, `ABCD-EFGH`.' }),
    verification_uri: z.string(),
    verification_uri_complete: z.string().meta({ description: 'With the user code in it.' }),
    expires_in: z.number().int(),
    interval: z.number().int().meta({ description: 'Seconds between polls of /oauth/token.' }),
  })
  .meta({ id: 'DeviceAuthorization' }) satisfies z.ZodType<DeviceAuthorizationResponse>;

/** `POST /oauth/device` (device-authorization.controller.ts; RFC 8628 §3.1, docs/oauth.md "Device flow"). */
export const DEVICE_AUTHORIZATION_API: ApiDescription = {
  '/oauth/device': {
    post: {
      summary: 'Start a device authorization (RFC 8628); then poll /oauth/token',
      description:
        'The client authenticates as at the token endpoint: HTTP Basic with a secret, or `client_id` alone for a public app.',
      tags: ['oauth'],
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: z.object({
              client_id: z.string().optional(),
              client_secret: z.string().optional(),
              scope: z.string().optional().meta({ description: "Default: the app's scopes." }),
            }),
          },
        },
      },
      responses: {
        '200': jsonResponse('The codes.', deviceAuthorizationSchema),
        ...OAUTH_ERRORS,
      },
    },
  },
};
