import { JsonReader, JsonShapeError } from '../internal/json.reader';
import { resolveEndpoint } from '../internal/resolve-endpoint';
import { abortableSleep } from './abortable-sleep';
import { createOAuthError, ExpiredTokenError, GatehouseOAuthError } from './gatehouse-oauth.error';
import { parseTokenResponse, type OAuthTokens } from './oauth-tokens';
import { postForm } from './post-form';

export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';
/** RFC 8628 3.2 and 3.5: defaults when the server omits them, and the `slow_down` step. */
const DEFAULT_INTERVAL_SECONDS = 5;
const DEFAULT_EXPIRES_IN_SECONDS = 900;
const SLOW_DOWN_STEP_MS = 5000;

/** What to show the user: open `verificationUri` and type `userCode`. */
export interface DeviceCodePrompt {
  userCode: string;
  verificationUri: string;
  /** The verification URL with the code filled in; equals `verificationUri` when the server sends none. */
  verificationUriComplete: string;
  /** Seconds until the code expires. */
  expiresIn: number;
}

export interface DeviceLoginOptions {
  /** Base URL of Gatehouse; default `GATEHOUSE_ENDPOINT`. */
  endpoint?: string;
  clientId: string;
  /** Only for apps that have a secret (sent with HTTP Basic). */
  clientSecret?: string;
  /** Scopes to request; the app's own scopes when omitted. */
  scopes?: string[];
  /** Called once with the code to show; polling starts after it returns. */
  onCode(prompt: DeviceCodePrompt): void | Promise<void>;
  signal?: AbortSignal;
  /** Replaceable for tests; default a timer that honours `signal`. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
  fetch?: typeof fetch;
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Signs in with the device authorization grant (RFC 8628; docs/oauth.md "Device flow"). Polls the token
 * endpoint every `interval` seconds, slower by 5 s after each `slow_down`, until tokens arrive,
 * the user refuses (AccessDeniedError), or the code expires (ExpiredTokenError). Server errors
 * and non-JSON answers are treated as transient and polling goes on.
 */
export async function deviceLogin(options: DeviceLoginOptions): Promise<OAuthTokens> {
  const endpoint = resolveEndpoint(options.endpoint, options.env ?? process.env);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const { clientId, clientSecret, signal } = options;

  const form: Record<string, string> = { client_id: clientId };
  if (options.scopes?.length) form.scope = options.scopes.join(' ');
  const start = await postForm({
    url: `${endpoint}/oauth/device`,
    form,
    clientId,
    clientSecret,
    fetch: fetchImpl,
    signal,
  });
  const authorization = readDeviceAuthorization(start.status, start.json);
  const deadline = now() + authorization.expiresIn * 1000;
  await options.onCode({
    userCode: authorization.userCode,
    verificationUri: authorization.verificationUri,
    verificationUriComplete: authorization.verificationUriComplete,
    expiresIn: authorization.expiresIn,
  });

  let intervalMs = authorization.intervalSeconds * 1000;
  for (;;) {
    if (now() + intervalMs > deadline) {
      throw new ExpiredTokenError(
        'expired_token',
        'The code expired before the sign-in was approved.',
        undefined,
      );
    }
    await sleep(intervalMs, signal);
    signal?.throwIfAborted();
    const answer = await postForm({
      url: `${endpoint}/oauth/token`,
      form: {
        grant_type: DEVICE_CODE_GRANT_TYPE,
        device_code: authorization.deviceCode,
        client_id: clientId,
      },
      clientId,
      clientSecret,
      fetch: fetchImpl,
      signal,
    }).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      return undefined; // network failure: transient
    });
    if (!answer || answer.status >= 500 || typeof answer.json !== 'object' || answer.json === null)
      continue;
    const body = answer.json as Record<string, unknown>;
    if (typeof body.access_token === 'string') return parseTokenResponse(body, now());
    if (typeof body.error !== 'string') continue;
    if (body.error === 'authorization_pending') continue;
    if (body.error === 'slow_down') {
      intervalMs += SLOW_DOWN_STEP_MS;
      continue;
    }
    throw createOAuthError(
      body.error,
      typeof body.error_description === 'string' ? body.error_description : undefined,
      answer.status,
    );
  }
}

interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string;
  expiresIn: number;
  intervalSeconds: number;
}

function readDeviceAuthorization(status: number, body: unknown): DeviceAuthorization {
  if (status < 200 || status >= 300) {
    const error = JsonReader.of(typeof body === 'object' && body ? body : {}, 'error');
    throw createOAuthError(
      error.optionalString('error') ?? 'server_error',
      error.optionalString('error_description') ?? `The device endpoint answered ${status}.`,
      status,
    );
  }
  try {
    const reader = JsonReader.of(body, 'device authorization');
    const verificationUri = reader.string('verification_uri');
    return {
      deviceCode: reader.string('device_code'),
      userCode: reader.string('user_code'),
      verificationUri,
      verificationUriComplete:
        reader.optionalString('verification_uri_complete') ?? verificationUri,
      expiresIn: reader.optionalNumber('expires_in') ?? DEFAULT_EXPIRES_IN_SECONDS,
      intervalSeconds: reader.optionalNumber('interval') ?? DEFAULT_INTERVAL_SECONDS,
    };
  } catch (error) {
    if (error instanceof JsonShapeError)
      throw new GatehouseOAuthError('invalid_response', error.message, status);
    throw error;
  }
}
