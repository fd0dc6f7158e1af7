import { z } from 'zod';
import {
  API_ERRORS,
  type ApiDescription,
  type ApiOperation,
  emptyResponse,
  jsonResponse,
  PAGE_OTHER_ANSWERS,
  pageResponse,
} from '@gatehouse/platform';
import type {
  AccountDeletionScheduled,
  AccountView,
  EmailChangeRequested,
  SecurityEventView,
} from '@gatehouse/settings-api';

function page(summary: string, extra: Partial<ApiOperation> = {}): ApiOperation {
  return {
    summary,
    tags: ['pages'],
    responses: { '200': pageResponse('The page.'), ...PAGE_OTHER_ANSWERS },
    ...extra,
  };
}

const form = (fields: Record<string, z.ZodType>) => ({
  requestBody: {
    content: {
      'application/x-www-form-urlencoded': {
        schema: z.object({ csrf_token: z.string(), ...fields }),
      },
    },
  },
});

const linkToken = {
  requestParams: {
    query: z.object({ token: z.string().meta({ description: 'The secret of the mailed link.' }) }),
  },
};

const accountSchema = z
  .object({
    username: z.string(),
    email: z.string(),
    emailConfirmed: z.boolean().meta({
      description: 'False until the confirmation link is used; apps cannot be authorized before.',
    }),
  })
  .meta({ id: 'Account' }) satisfies z.ZodType<AccountView>;

const emailChangeSchema = z
  .object({ pendingEmail: z.string() })
  .meta({ id: 'EmailChangeRequested' }) satisfies z.ZodType<EmailChangeRequested>;

const deletionScheduledSchema = z
  .object({
    deletionDueAt: z.string().meta({
      description: 'When the account is deleted, unless its owner signs in before.',
    }),
  })
  .meta({ id: 'AccountDeletionScheduled' }) satisfies z.ZodType<AccountDeletionScheduled>;

const securityEventSchema = z
  .object({
    id: z.string(),
    kind: z.string().meta({
      description:
        '`new_browser_sign_in`, `password_changed`, `email_changed`, `factor_added`, `factor_removed`, `token_revoked_as_leaked` or `token_revoked_by_organization`.',
    }),
    description: z.string().meta({ description: 'The event in plain words.' }),
    createdAt: z.string(),
  })
  .meta({ id: 'SecurityEvent' }) satisfies z.ZodType<SecurityEventView>;

const session = { tags: ['account'], security: [{ session: [] }] };

/**
 * The account pages beside sign-in (account-pages.controller.ts) and the signed-in person's
 * account in the settings app (account-settings.controller.ts); docs/settings-api.md "Account".
 */
export const ACCOUNTS_API: ApiDescription = {
  '/oauth/signup': {
    get: page(
      'The sign-up form (when GATEHOUSE_SIGNUP is `open`, or `invite` with an invitation)',
      {
        requestParams: { query: z.object({ invitation: z.string().optional() }) },
      },
    ),
    post: page(
      'Create an account; the answer is the same whether or not the name or address exists',
      {
        ...form({
          username: z.string(),
          email: z.string(),
          password: z.string(),
          invitation: z.string().optional(),
        }),
      },
    ),
  },
  '/oauth/confirm-email': {
    get: page('The page of an address confirmation link: a button confirms', linkToken),
    post: page('Confirm the address of the link', form({ token: z.string() })),
  },
  '/oauth/confirm-email/resend': {
    post: page('Mail the signed-in account a new confirmation link', form({})),
  },
  '/oauth/forgot-password': {
    get: page('The "Forgot password?" form'),
    post: page(
      'Mail a reset link to the address, if an account has it',
      form({ email: z.string() }),
    ),
  },
  '/oauth/reset-password': {
    get: page('The form of a password reset link', linkToken),
    post: page(
      'Set a new password; every session and refresh token of the account ends',
      form({ token: z.string(), password: z.string() }),
    ),
  },
  '/api/settings/account': {
    get: {
      ...session,
      summary: 'The signed-in person’s username and address',
      responses: { '200': jsonResponse('The account.', accountSchema), ...API_ERRORS },
    },
  },
  '/api/settings/account/password': {
    post: {
      ...session,
      summary: 'Change the password (the current one required)',
      requestBody: {
        content: {
          'application/json': {
            schema: z.object({ currentPassword: z.string(), newPassword: z.string() }),
          },
        },
      },
      responses: { '204': emptyResponse('Changed.'), ...API_ERRORS },
    },
  },
  '/api/settings/account/email': {
    post: {
      ...session,
      summary: 'Change the address: confirmed at the new one, the old one told',
      requestBody: {
        content: {
          'application/json': { schema: z.object({ password: z.string(), email: z.string() }) },
        },
      },
      responses: {
        '202': jsonResponse('A confirmation link went to the new address.', emailChangeSchema),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/account/deletion': {
    post: {
      ...session,
      summary: 'Delete the account after the grace period; signing in before calls it off',
      description:
        'The password (and the second factor’s code, once the account has one) asked again. Every session and app is signed out at once; the account, its tokens, consents, sessions, webhooks and apps are deleted when GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS have passed (`account.deleted` is then published). 409 while the owner is the only administrator of an organization, naming it.',
      requestBody: {
        content: {
          'application/json': {
            schema: z.object({
              password: z.string(),
              secondFactorCode: z.string().optional(),
            }),
          },
        },
      },
      responses: {
        '202': jsonResponse('The deletion is scheduled.', deletionScheduledSchema),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/account/security-events': {
    get: {
      ...session,
      summary: 'The account’s recent security events, newest first (at most 20)',
      description:
        'Sign-ins from a new browser, password and address changes, second factors added or removed, tokens revoked because they were reported leaked. Each is also told by e-mail.',
      responses: {
        '200': jsonResponse('The events.', z.array(securityEventSchema)),
        ...API_ERRORS,
      },
    },
  },
};
