import { z } from 'zod';
import { type ApiDescription, jsonResponse } from '@gatehouse/platform';

/** `GET /oauth/jwks` (jwks.controller.ts): the public keys ID tokens are signed with. */
export const JWKS_API: ApiDescription = {
  '/oauth/jwks': {
    get: {
      summary: 'The JSON Web Key Set of the ID-token signing keys (RFC 7517)',
      tags: ['oauth'],
      responses: {
        '200': jsonResponse(
          'The key set.',
          z.object({
            keys: z.array(
              z.looseObject({
                kty: z.string(),
                kid: z.string().optional(),
                alg: z.string().optional(),
              }),
            ),
          }),
        ),
      },
    },
  },
};
