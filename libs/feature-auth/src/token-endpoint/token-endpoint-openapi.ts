import { z } from 'zod';
import type { TokenResponseBody } from '@gatehouse/identity';
import { type ApiDescription, jsonResponse, OAUTH_ERRORS } from '@gatehouse/platform';

const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    scope: z.string(),
    refresh_token: z.string().optional(),
    id_token: z.string().optional(),
    issued_token_type: z.string().optional(),
  })
  .meta({ id: 'TokenResponse' }) satisfies z.ZodType<TokenResponseBody>;

const tokenRequestSchema = z.object({
  grant_type: z.enum([
    'authorization_code',
    'refresh_token',
    'urn:ietf:params:oauth:grant-type:device_code',
    'urn:ietf:params:oauth:grant-type:token-exchange',
  ]),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  code: z.string().optional().meta({ description: 'authorization_code' }),
  redirect_uri: z.string().optional().meta({ description: 'authorization_code' }),
  code_verifier: z.string().optional().meta({ description: 'authorization_code (PKCE)' }),
  refresh_token: z.string().optional().meta({ description: 'refresh_token' }),
  device_code: z.string().optional().meta({ description: 'device_code' }),
  subject_token: z.string().optional().meta({ description: 'token-exchange' }),
  subject_token_type: z.string().optional().meta({ description: 'token-exchange' }),
  requested_token_type: z.string().optional().meta({ description: 'token-exchange' }),
  scope: z.string().optional(),
  resource: z.string().optional(),
  audience: z.string().optional(),
});

/** `POST /oauth/token` (token.controller.ts; docs/oauth.md). */
export const TOKEN_ENDPOINT_API: ApiDescription = {
  '/oauth/token': {
    post: {
      summary:
        'Issue tokens (RFC 6749 §3.2): authorization code, refresh, device code, token exchange',
      description:
        'The client authenticates with HTTP Basic or `client_secret`/`client_id` in the form; a public client sends `client_id` alone.',
      tags: ['oauth'],
      requestBody: {
        content: { 'application/x-www-form-urlencoded': { schema: tokenRequestSchema } },
      },
      responses: { '200': jsonResponse('The tokens.', tokenResponseSchema), ...OAUTH_ERRORS },
    },
  },
};
