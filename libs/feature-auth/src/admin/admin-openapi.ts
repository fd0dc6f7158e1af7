import { z } from 'zod';
import { ORG_ROLES } from '@gatehouse/domain';
import {
  API_ERRORS,
  type ApiDescription,
  type ApiOperation,
  BEARER,
  emptyResponse,
  jsonRequestBody,
  jsonResponse,
} from '@gatehouse/platform';
import type {
  AdminMemberView,
  AdminOrganizationView,
  AdminUsersPage,
  AdminUserView,
  EndedSessionsView,
  ResetFactorsView,
} from '@gatehouse/settings-api';
import {
  addMemberBody,
  createOrganizationBody,
  createUserBody,
  emailConfirmedBody,
  setRoleBody,
  userQuery,
} from './admin-bodies';

const userSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    fullname: z.string(),
    emailConfirmedAt: z.string().nullable(),
    disabledAt: z.string().nullable(),
    platformAdmin: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' }) satisfies z.ZodType<AdminUserView>;

const usersPageSchema = z
  .object({ users: z.array(userSchema), next: z.string().nullable() })
  .meta({ id: 'AdminUsersPage' }) satisfies z.ZodType<AdminUsersPage>;

const endedSchema = z
  .object({
    sessionsEnded: z.literal(true),
    refreshTokensRevoked: z.number(),
    accessTokensRevoked: z.number(),
  })
  .meta({ id: 'EndedSessions' }) satisfies z.ZodType<EndedSessionsView>;

const resetFactorsSchema = endedSchema
  .extend({ factorsRemoved: z.record(z.string(), z.number()) })
  .meta({ id: 'ResetFactors' }) satisfies z.ZodType<ResetFactorsView>;

const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    fullname: z.string(),
    plan: z.enum(['free', 'team', 'enterprise']),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminOrganization' }) satisfies z.ZodType<AdminOrganizationView>;

const membersSchema = z
  .array(z.object({ userId: z.string(), username: z.string(), role: z.enum(ORG_ROLES) }))
  .meta({ id: 'AdminMembers' }) satisfies z.ZodType<AdminMemberView[]>;

const user = z.object({ user: z.string().meta({ description: 'A username.' }) });
const organization = z.object({ name: z.string().meta({ description: 'An organization name.' }) });
const member = organization.extend({ user: z.string().meta({ description: 'A username.' }) });

function admin(
  summary: string,
  status: string,
  answer: z.ZodType | null,
  extra: Partial<ApiOperation> = {},
): ApiOperation {
  return {
    summary,
    tags: ['admin'],
    security: BEARER,
    ...extra,
    responses: {
      [status]: answer ? jsonResponse('Done.', answer) : emptyResponse('Done.'),
      ...API_ERRORS,
    },
  };
}

/**
 * The platform's admin API (admin-users.controller.ts, admin-organizations.controller.ts;
 * docs/admin-api.md): a platform administrator's write token only, each change audited.
 */
export const ADMIN_API: ApiDescription = {
  '/api/admin/users': {
    get: admin('Find users by username or e-mail, a page at a time', '200', usersPageSchema, {
      requestParams: { query: userQuery },
    }),
    post: admin('Create a user', '201', userSchema, jsonRequestBody(createUserBody)),
  },
  '/api/admin/users/{user}': {
    get: admin('One user', '200', userSchema, { requestParams: { path: user } }),
    delete: admin('Delete a user', '204', null, { requestParams: { path: user } }),
  },
  '/api/admin/users/{user}/disable': {
    post: admin('Disable a user: no sign-in, every token refused', '200', userSchema, {
      requestParams: { path: user },
    }),
  },
  '/api/admin/users/{user}/enable': {
    post: admin('Enable a disabled user', '200', userSchema, { requestParams: { path: user } }),
  },
  '/api/admin/users/{user}/email-confirmed': {
    put: admin('Set whether the address is confirmed', '200', userSchema, {
      requestParams: { path: user },
      ...jsonRequestBody(emailConfirmedBody),
    }),
  },
  '/api/admin/users/{user}/sessions/end': {
    post: admin('End every browser session and OAuth token of the user', '200', endedSchema, {
      requestParams: { path: user },
    }),
  },
  '/api/admin/users/{user}/factors/reset': {
    post: admin(
      'Remove the user’s second factors and end their sessions',
      '200',
      resetFactorsSchema,
      {
        requestParams: { path: user },
      },
    ),
  },
  '/api/admin/organizations': {
    post: admin(
      'Create an organization',
      '201',
      organizationSchema,
      jsonRequestBody(createOrganizationBody),
    ),
  },
  '/api/admin/organizations/{name}/members': {
    get: admin('The members of an organization', '200', membersSchema, {
      requestParams: { path: organization },
    }),
    post: admin('Add a member', '201', membersSchema, {
      requestParams: { path: organization },
      ...jsonRequestBody(addMemberBody),
    }),
  },
  '/api/admin/organizations/{name}/members/{user}': {
    patch: admin('Change a member’s role', '200', membersSchema, {
      requestParams: { path: member },
      ...jsonRequestBody(setRoleBody),
    }),
    delete: admin('Remove a member', '204', null, { requestParams: { path: member } }),
  },
};
