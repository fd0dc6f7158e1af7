import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

/**
 * Standard Webhooks v1 signatures (standard-webhooks spec, "Signature scheme"): HMAC-SHA256 over
 * `<webhook-id>.<webhook-timestamp>.<body>`, sent as `webhook-signature: v1,<base64>`.
 *
 * The key is the webhook's secret. Hugging Face secrets are free ASCII text sent verbatim in
 * `X-Webhook-Secret`, while Standard Webhooks secrets are `whsec_` + base64 of random bytes, so:
 * a secret of the form `whsec_<canonical base64>` is keyed by the decoded bytes (it then verifies
 * with any Standard Webhooks library given the same string); any other secret is keyed by its
 * UTF-8 bytes (a Standard Webhooks library verifies it when given `whsec_` + base64 of those
 * bytes). Receivers verify with any Standard Webhooks library (the specs use the
 * reference package, `standardwebhooks`).
 */
const STANDARD_WEBHOOK_SECRET_PREFIX = 'whsec_';

export function signingKey(secret: string): Buffer {
  if (secret.startsWith(STANDARD_WEBHOOK_SECRET_PREFIX)) {
    const encoded = secret.slice(STANDARD_WEBHOOK_SECRET_PREFIX.length);
    const decoded = Buffer.from(encoded, 'base64');
    if (decoded.length > 0 && decoded.toString('base64') === encoded) return decoded;
  }
  return Buffer.from(secret, 'utf8');
}

/** The key of `signingKey` as a key object, for a caller that signs many deliveries with one secret. */
export function signingKeyObject(secret: string): KeyObject {
  return createSecretKey(signingKey(secret));
}

export interface SignInput {
  /** `webhook-id`: stable across retries of one delivery; no `.` (it separates the signed parts). */
  id: string;
  timestampSeconds: number;
  body: string;
  /** The secret, or its key (signingKeyObject) kept by a caller that signs many deliveries with it. */
  secret: string | KeyObject;
}

function assertSignable(id: string, timestampSeconds: number): void {
  if (id === '' || id.includes('.'))
    throw new RangeError('a webhook-id must be non-empty and contain no "."');
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0)
    throw new RangeError('a webhook-timestamp is whole seconds since the epoch');
}

export function signStandardWebhook({ id, timestampSeconds, body, secret }: SignInput): string {
  assertSignable(id, timestampSeconds);
  // The body is hashed as it is, not copied into one string with the id and timestamp first.
  const mac = createHmac('sha256', typeof secret === 'string' ? signingKey(secret) : secret)
    .update(`${id}.${timestampSeconds}.`, 'utf8')
    .update(body, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

export interface DeliveryHeadersInput {
  /** `webhook-id`, the same on every attempt of one delivery (the receiver's idempotency key). */
  messageId: string;
  timestampSeconds: number;
  body: string;
  /** The webhook's secret, or null when it has none. */
  secret: string | null;
  /**
   * The secret a rotation replaced, while its overlap runs: `x-webhook-secret` keeps carrying it
   * (a receiver not yet given the new secret still accepts), and `webhook-signature` lists a
   * signature with each secret (a receiver holding either verifies one). Null or absent otherwise.
   */
  previousSecret?: string | null;
  /**
   * The keys of `secret` and, when given, `previousSecret` (signingKeyObject), in that order, for
   * a caller that keeps them between deliveries; made from the secrets when absent.
   */
  signingKeys?: readonly KeyObject[];
  userAgent: string;
}

/**
 * Headers of one delivery attempt. `x-webhook-secret` carries the secret
 * verbatim, as the Hub does and its receivers check (hub-docs `webhooks.md`). Without a secret
 * there is no key, so `webhook-signature` is left out; `webhook-id` and `webhook-timestamp`
 * still identify the delivery. During a rotation's overlap (`previousSecret`) the header holds
 * the previous secret and the signature header one space-separated `v1,` entry per secret, the
 * new one first (Standard Webhooks "Signature scheme" lists several for key rotation).
 */
export function deliveryHeaders({
  messageId,
  timestampSeconds,
  body,
  secret,
  previousSecret,
  signingKeys,
  userAgent,
}: DeliveryHeadersInput): Record<string, string> {
  assertSignable(messageId, timestampSeconds);
  const keys: ReadonlyArray<string | KeyObject> = secret
    ? (signingKeys ?? [secret, ...(previousSecret ? [previousSecret] : [])])
    : [];
  return {
    'content-type': 'application/json',
    'user-agent': userAgent,
    ...(secret ? { 'x-webhook-secret': previousSecret || secret } : {}),
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    ...(keys.length > 0
      ? {
          'webhook-signature': keys
            .map((key) =>
              signStandardWebhook({ id: messageId, timestampSeconds, body, secret: key }),
            )
            .join(' '),
        }
      : {}),
  };
}
