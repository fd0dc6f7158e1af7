import { z } from 'zod';
import { type ApiDescription, emptyResponse, OAUTH_ERRORS } from '@gatehouse/platform';

/** `POST /oauth/revoke` (revocation.controller.ts; RFC 7009). */
export const REVOCATION_API: ApiDescription = {
  '/oauth/revoke': {
    post: {
      summary: 'Revoke an access or refresh token (RFC 7009); an unknown token is not an error',
      tags: ['oauth'],
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: z.object({
              token: z.string(),
              token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
              client_id: z.string().optional(),
              client_secret: z.string().optional(),
            }),
          },
        },
      },
      responses: { '200': emptyResponse('Revoked, or nothing to revoke.'), ...OAUTH_ERRORS },
    },
  },
};
