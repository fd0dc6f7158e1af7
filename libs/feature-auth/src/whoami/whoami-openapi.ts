import { z } from 'zod';
import { ORG_ROLES, type Whoami } from '@gatehouse/domain';
import { API_ERRORS, type ApiDescription, BEARER, jsonResponse } from '@gatehouse/platform';

const orgRole = z.enum(ORG_ROLES);
const role = z.enum(['read', 'write', 'fineGrained']);

const whoamiSchema = z
  .object({
    type: z.literal('user'),
    id: z.string(),
    name: z.string(),
    fullname: z.string(),
    email: z.string().optional(),
    emailVerified: z.boolean().optional(),
    isPro: z.boolean(),
    canPay: z.boolean(),
    avatarUrl: z.string(),
    periodEnd: z.number().nullable(),
    orgs: z.array(
      z.object({
        type: z.literal('org'),
        id: z.string(),
        name: z.string(),
        fullname: z.string(),
        email: z.string().nullable(),
        canPay: z.boolean(),
        avatarUrl: z.string(),
        periodEnd: z.number().nullable(),
        roleInOrg: orgRole.optional(),
      }),
    ),
    auth: z.union([
      z.object({
        type: z.literal('access_token'),
        accessToken: z.object({
          displayName: z.string(),
          role,
          createdAt: z.string(),
          expiration: z.string().optional(),
          fineGrained: z
            .object({
              canReadGatedRepos: z.boolean(),
              global: z.array(z.string()),
              scoped: z.array(
                z.object({
                  entity: z.object({ _id: z.string(), type: z.string(), name: z.string() }),
                  permissions: z.array(z.string()),
                }),
              ),
            })
            .optional(),
        }),
        expiresAt: z.string().optional(),
      }),
      z.object({
        type: z.literal('oauth'),
        accessToken: z.object({ role: z.enum(['read', 'write']), createdAt: z.string() }),
        expiresAt: z.string(),
        oauth: z.object({
          clientId: z.string(),
          appName: z.string(),
          scope: z.string(),
          organizations: z.array(z.string()),
          boundOrganization: z.object({ id: z.string(), role: orgRole.nullable() }).optional(),
        }),
      }),
    ]),
    serviceAccount: z.object({ organization: z.string() }).optional(),
  })
  .meta({ id: 'Whoami' });

// Every answer the code can build is one the schema describes.
const describesTheAnswer: [Whoami] extends [z.output<typeof whoamiSchema>] ? true : false = true;
void describesTheAnswer;

/** `GET /api/whoami-v2` (whoami.controller.ts; docs/hf-clients.md "Token prefixes and whoami-v2"). */
export const WHOAMI_API: ApiDescription = {
  '/api/whoami-v2': {
    get: {
      summary: 'Who the token belongs to, its organizations and what the token may do',
      tags: ['account'],
      security: BEARER,
      responses: { '200': jsonResponse('The account and the token.', whoamiSchema), ...API_ERRORS },
    },
  },
};
