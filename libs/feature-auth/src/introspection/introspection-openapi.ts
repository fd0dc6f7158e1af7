import { z } from 'zod';
import { ORG_ROLES, type Permission, PERMISSIONS } from '@gatehouse/domain';
import {
  type ApiDescription,
  type DescribesExactly,
  INTERNAL,
  jsonResponse,
  OAUTH_ERRORS,
} from '@gatehouse/platform';
import type { IntrospectionResponse } from './introspection.service';

const orgRole = z.enum(ORG_ROLES);
const permissions = z.array(z.enum(PERMISSIONS as [Permission, ...Permission[]]));

const activeSchema = z.object({
  active: z.literal(true),
  iss: z.string(),
  token_type: z.literal('bearer'),
  kind: z.enum(['personal', 'oauth', 'exchange', 'trusted_publisher', 'session']),
  scope: z.string().optional().meta({ description: 'Every kind but personal tokens.' }),
  client_id: z.string().optional(),
  sub: z.string().optional().meta({ description: 'The user id, with `username`.' }),
  username: z.string().optional(),
  iat: z.number().int(),
  exp: z.number().int().optional(),
  organizations: z
    .array(z.object({ sub: z.string(), name: z.string(), roleInOrg: orgRole }))
    .meta({ description: "The organizations the token may act on, with the user's role." }),
  role: z.enum(['read', 'write', 'fineGrained']).optional(),
  name: z.string().optional(),
  fine_grained: z
    .object({
      global: permissions,
      scoped: z.array(
        z.object({
          entity: z.object({
            type: z.enum(['user', 'org', 'model', 'dataset', 'space']),
            id: z.string(),
            name: z.string(),
          }),
          permissions,
        }),
      ),
      canReadGatedRepos: z.boolean(),
    })
    .optional(),
  bound_org: z.string().optional(),
  member_role: orgRole.optional(),
  repo: z.object({ type: z.string(), name: z.string() }).optional(),
});

/** RFC 7662 §2.2: `{"active": false}` alone, or the token's facts. */
const introspectionSchema = z
  .union([z.object({ active: z.literal(false) }), activeSchema])
  .meta({ id: 'Introspection' });

const checked: DescribesExactly<typeof introspectionSchema, IntrospectionResponse> = true;
void checked;

/** `POST /oauth/introspect` (introspection.controller.ts; RFC 7662), for the platform's services. */
export const INTROSPECTION_API: ApiDescription = {
  '/oauth/introspect': {
    post: {
      summary: 'Whether a token is active, and for whom (RFC 7662)',
      tags: ['oauth'],
      security: INTERNAL,
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: z.object({
              token: z.string(),
              token_type_hint: z.string().optional().meta({ description: 'Ignored.' }),
            }),
          },
        },
      },
      responses: { '200': jsonResponse('The answer.', introspectionSchema), ...OAUTH_ERRORS },
    },
  },
};
