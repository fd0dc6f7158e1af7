import { z } from 'zod';
import {
  API_ERRORS,
  type ApiDescription,
  emptyResponse,
  jsonResponse,
  PAGE_OTHER_ANSWERS,
  pageResponse,
} from '@gatehouse/platform';
import type {
  PasskeyRegistration,
  PasskeyView,
  RecoveryCodesView,
  SecondFactorsView,
  TotpEnrolment,
} from '@gatehouse/settings-api';

const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string().meta({ description: 'ISO 8601.' }),
    lastUsedAt: z.string().nullable().meta({ description: 'ISO 8601; null before first use.' }),
  })
  .meta({ id: 'Passkey' }) satisfies z.ZodType<PasskeyView>;

const registrationSchema = passkeySchema
  .extend({
    recoveryCodes: z.array(z.string()).nullable().meta({
      description:
        'Ten single-use recovery codes, shown this once, when this passkey is the first factor of the account; null otherwise.',
    }),
  })
  .meta({ id: 'PasskeyRegistration' }) satisfies z.ZodType<PasskeyRegistration>;

const factorsSchema = z
  .object({
    totp: z.boolean().meta({ description: 'An authenticator app is set up and confirmed.' }),
    recoveryCodesLeft: z.number().int(),
    passkeys: z.array(passkeySchema),
  })
  .meta({ id: 'SecondFactors' }) satisfies z.ZodType<SecondFactorsView>;

const enrolmentSchema = z
  .object({
    secret: z.string().meta({ description: 'The secret in base32, to type into an app.' }),
    uri: z.string().meta({ description: 'The `otpauth://totp/…` URI of the QR code.' }),
    qrCode: z.string().meta({ description: 'The QR code, an SVG `data:` URL.' }),
  })
  .meta({ id: 'TotpEnrolment' }) satisfies z.ZodType<TotpEnrolment>;

const recoveryCodesSchema = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .meta({ description: 'Ten single-use codes, shown this once (only their hashes are kept).' }),
  })
  .meta({ id: 'RecoveryCodes' }) satisfies z.ZodType<RecoveryCodesView>;

/** A WebAuthn JSON object, as the browser's API and @simplewebauthn read and write it. */
const webauthnJson = z.looseObject({});

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const session = { tags: ['account'], security: [{ session: [] }] };

/**
 * The sign-in's factor step (factor-step.controller.ts) and the signed-in person's second factors
 * (second-factors.controller.ts); docs/settings-api.md "Second factors".
 */
export const SECOND_FACTORS_API: ApiDescription = {
  '/oauth/login/factor': {
    get: {
      summary: 'The second step of a sign-in whose password was right: the code form',
      tags: ['pages'],
      responses: {
        '200': pageResponse('The page.'),
        ...PAGE_OTHER_ANSWERS,
      },
    },
    post: {
      summary:
        'Check an authenticator-app code or a recovery code; the browser is signed in only when it passes',
      tags: ['pages'],
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: z.object({ csrf_token: z.string(), code: z.string() }),
          },
        },
      },
      responses: { '200': pageResponse('The page.'), ...PAGE_OTHER_ANSWERS },
    },
  },
  '/api/settings/account/second-factors': {
    get: {
      ...session,
      summary: 'What protects the sign-in beyond the password',
      responses: { '200': jsonResponse('The second factors.', factorsSchema), ...API_ERRORS },
    },
  },
  '/api/settings/account/second-factors/totp': {
    post: {
      ...session,
      summary:
        'Start setting up an authenticator app: a new secret, active once a code confirms it',
      responses: {
        '201': jsonResponse('The secret and its QR code.', enrolmentSchema),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/account/second-factors/totp/confirm': {
    post: {
      ...session,
      summary: 'Confirm the authenticator app with its current code; answers the recovery codes',
      requestBody: json(z.object({ code: z.string() })),
      responses: {
        '200': jsonResponse('The app is on.', recoveryCodesSchema),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/account/second-factors/totp/disable': {
    post: {
      ...session,
      summary: 'Turn the authenticator app off (the password and a code or recovery code required)',
      requestBody: json(z.object({ password: z.string(), code: z.string() })),
      responses: { '204': emptyResponse('Turned off.'), ...API_ERRORS },
    },
  },
  '/api/settings/account/second-factors/recovery-codes': {
    post: {
      ...session,
      summary: 'Replace the recovery codes with ten new ones (the password required)',
      requestBody: json(z.object({ password: z.string() })),
      responses: {
        '200': jsonResponse('The new codes; the old ones no longer work.', recoveryCodesSchema),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/account/second-factors/passkeys/options': {
    post: {
      ...session,
      summary: 'Start adding a passkey (the password required): the WebAuthn creation options',
      requestBody: json(z.object({ password: z.string() })),
      responses: {
        '200': jsonResponse(
          'PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3); its challenge is good once, for five minutes.',
          webauthnJson,
        ),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/account/second-factors/passkeys': {
    post: {
      ...session,
      summary: "Add the passkey of the browser's answer to the creation options",
      requestBody: json(
        z.object({
          name: z.string(),
          response: webauthnJson.meta({ description: 'RegistrationResponseJSON.' }),
        }),
      ),
      responses: {
        '201': jsonResponse(
          'The passkey, with recovery codes when it is the first factor.',
          registrationSchema,
        ),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/account/second-factors/passkeys/{id}': {
    patch: {
      ...session,
      summary: 'Rename a passkey',
      requestParams: { path: z.object({ id: z.string() }) },
      requestBody: json(z.object({ name: z.string() })),
      responses: { '200': jsonResponse('The passkey.', passkeySchema), ...API_ERRORS },
    },
    delete: {
      ...session,
      summary: 'Remove a passkey (the recovery codes too when no factor is left)',
      requestParams: { path: z.object({ id: z.string() }) },
      responses: { '204': emptyResponse('Removed.'), ...API_ERRORS },
    },
  },
  '/oauth/login/passkey/options': {
    post: {
      summary:
        'The WebAuthn request options of a passkey sign-in in this browser: for the passkeys of its pending sign-in, or any passkey',
      tags: ['pages'],
      requestBody: json(z.object({ csrf_token: z.string() })),
      responses: {
        '200': jsonResponse('PublicKeyCredentialRequestOptionsJSON.', webauthnJson),
        ...API_ERRORS,
      },
    },
  },
  '/oauth/login/passkey': {
    post: {
      summary:
        "Sign in with the browser's passkey answer: finishes a pending sign-in, or signs in without a password",
      tags: ['pages'],
      requestBody: json(
        z.object({
          csrf_token: z.string(),
          return_to: z.string().optional(),
          response: webauthnJson.meta({ description: 'AuthenticationResponseJSON.' }),
        }),
      ),
      responses: {
        '200': jsonResponse(
          'Signed in: where the page goes next.',
          z.object({ redirect: z.string() }),
        ),
        ...API_ERRORS,
      },
    },
  },
};
