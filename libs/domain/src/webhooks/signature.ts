import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks v1 signatures (standard-webhooks spec, "Signature scheme"): HMAC-SHA256 over
 * `<webhook-id>.<webhook-timestamp>.<body>`, sent as `webhook-signature: v1,<base64>`.
 *
 * The key is the webhook's secret. Hugging Face secrets are free ASCII text sent verbatim in
 * `X-Webhook-Secret`, while Standard Webhooks secrets are `whsec_` + base64 of random bytes, so:
 * a secret of the form `whsec_<canonical base64>` is keyed by the decoded bytes (it then verifies
 * with any Standard Webhooks library given the same string); any other secret is keyed by its
 * UTF-8 bytes (a Standard Webhooks library verifies it when given `whsec_` + base64 of those
 * bytes). The SDK verifies with `verifyStandardWebhook`, which applies the same rule.
 */
const STANDARD_WEBHOOK_SECRET_PREFIX = 'whsec_';
const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

export function signingKey(secret: string): Buffer {
  if (secret.startsWith(STANDARD_WEBHOOK_SECRET_PREFIX)) {
    const encoded = secret.slice(STANDARD_WEBHOOK_SECRET_PREFIX.length);
    const decoded = Buffer.from(encoded, 'base64');
    if (decoded.length > 0 && decoded.toString('base64') === encoded) return decoded;
  }
  return Buffer.from(secret, 'utf8');
}

/** The secret as a Standard Webhooks library expects it: `whsec_` + base64 of the signing key. */
export function standardWebhookSecret(secret: string): string {
  return STANDARD_WEBHOOK_SECRET_PREFIX + signingKey(secret).toString('base64');
}

export interface SignInput {
  /** `webhook-id`: stable across retries of one delivery; no `.` (it separates the signed parts). */
  id: string;
  timestampSeconds: number;
  body: string;
  secret: string;
}

function assertSignable(id: string, timestampSeconds: number): void {
  if (id === '' || id.includes('.'))
    throw new RangeError('a webhook-id must be non-empty and contain no "."');
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0)
    throw new RangeError('a webhook-timestamp is whole seconds since the epoch');
}

export function signStandardWebhook({ id, timestampSeconds, body, secret }: SignInput): string {
  assertSignable(id, timestampSeconds);
  const mac = createHmac('sha256', signingKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

export type VerifyResult =
  | { ok: true }
  | {
      ok: false;
      reason:
        | 'missing_headers'
        | 'invalid_headers'
        | 'timestamp_too_old'
        | 'timestamp_too_new'
        | 'no_matching_signature';
    };

type HeaderBag = Readonly<Record<string, string | readonly string[] | undefined>>;

function header(headers: HeaderBag, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}

/**
 * Receiver side (the SDK): checks `webhook-id`, `webhook-timestamp` and `webhook-signature`
 * against the raw body. Any `v1` entry of the space-separated list may match (key rotation);
 * the timestamp must be within `toleranceSeconds` of `nowMs`, past or future, against replays.
 */
export function verifyStandardWebhook(
  headers: HeaderBag,
  body: string,
  secret: string,
  nowMs: number,
  toleranceSeconds = DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
): VerifyResult {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,15}$/.test(timestamp) || id.includes('.'))
    return { ok: false, reason: 'invalid_headers' };

  const seconds = Number(timestamp);
  const nowSeconds = Math.floor(nowMs / 1000);
  if (nowSeconds - seconds > toleranceSeconds) return { ok: false, reason: 'timestamp_too_old' };
  if (seconds - nowSeconds > toleranceSeconds) return { ok: false, reason: 'timestamp_too_new' };

  const expected = Buffer.from(
    signStandardWebhook({ id, timestampSeconds: seconds, body, secret }).slice('v1,'.length),
  );
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || value === undefined) return false;
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'no_matching_signature' };
}

export interface DeliveryHeadersInput {
  /** `webhook-id`, the same on every attempt of one delivery (the receiver's idempotency key). */
  messageId: string;
  timestampSeconds: number;
  body: string;
  /** The webhook's secret, or null when it has none. */
  secret: string | null;
  userAgent: string;
}

/**
 * Headers of one delivery attempt. `x-webhook-secret` carries the secret
 * verbatim, as the Hub does and its receivers check (hub-docs `webhooks.md`). Without a secret
 * there is no key, so `webhook-signature` is left out; `webhook-id` and `webhook-timestamp`
 * still identify the delivery.
 */
export function deliveryHeaders({
  messageId,
  timestampSeconds,
  body,
  secret,
  userAgent,
}: DeliveryHeadersInput): Record<string, string> {
  assertSignable(messageId, timestampSeconds);
  return {
    'content-type': 'application/json',
    'user-agent': userAgent,
    ...(secret ? { 'x-webhook-secret': secret } : {}),
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    ...(secret
      ? {
          'webhook-signature': signStandardWebhook({
            id: messageId,
            timestampSeconds,
            body,
            secret,
          }),
        }
      : {}),
  };
}
