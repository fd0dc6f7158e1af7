import { z } from 'zod';
import { ORG_ROLES, type Userinfo } from '@gatehouse/domain';
import {
  type ApiDescription,
  type ApiOperation,
  BEARER,
  type DescribesExactly,
  jsonResponse,
  OAUTH_ERRORS,
} from '@gatehouse/platform';

const organizationSchema = z.object({
  sub: z.string().meta({ description: 'The organization id, the value of `orgIds`.' }),
  name: z.string(),
  preferred_username: z.string(),
  picture: z.string(),
  plan: z.string().optional(),
  roleInOrg: z.enum(ORG_ROLES).optional().meta({ description: 'With `read-memberships`.' }),
  canPay: z.boolean().optional().meta({ description: 'With `read-billing`.' }),
});

/** OIDC Core §5.3.2 with the Hugging Face claims: exactly what buildUserinfo answers. */
const userinfoSchema = z
  .object({
    sub: z.string(),
    name: z.string().optional().meta({ description: 'With `profile`, as the next four.' }),
    preferred_username: z.string().optional(),
    picture: z.string().optional(),
    profile: z.string().optional(),
    website: z.string().optional(),
    email: z.string().optional().meta({ description: 'With `email`, as `email_verified`.' }),
    email_verified: z.boolean().optional(),
    isPro: z.boolean(),
    canPay: z.boolean().optional().meta({ description: 'With `read-billing`.' }),
    orgs: z.array(organizationSchema).meta({
      description: 'The organizations granted to the app; `[]` when none.',
    }),
    organizations: z.array(organizationSchema).meta({ description: 'The same list as `orgs`.' }),
  })
  .meta({ id: 'Userinfo' });

const checked: DescribesExactly<typeof userinfoSchema, Userinfo> = true;
void checked;

const answer = {
  tags: ['oauth'],
  security: BEARER,
  responses: { '200': jsonResponse('The claims.', userinfoSchema), ...OAUTH_ERRORS },
} satisfies Partial<ApiOperation>;

/** `GET`/`POST /oauth/userinfo` (userinfo.controller.ts; docs/oauth.md "Userinfo and whoami"). */
export const USERINFO_API: ApiDescription = {
  '/oauth/userinfo': {
    get: { ...answer, summary: 'The claims about the user an OAuth access token stands for' },
    post: {
      ...answer,
      summary: 'The same as GET; the token may also come as the `access_token` form field',
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: z.object({
              access_token: z
                .string()
                .optional()
                .meta({ description: 'RFC 6750 §2.2; used when no Authorization header.' }),
            }),
          },
        },
      },
    },
  },
};
