import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Why a delivery was refused; sent as `{"error": message}` with `status`. */
export interface AuthenticationFailure {
  status: 401 | 403;
  message: string;
}

/** Standard Webhooks: a timestamp further than this from now is refused (replay protection). */
const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;
const SIGNING_SECRET_PREFIX = 'whsec_';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Compares without leaking, through timing, how much of the secret matched. */
function constantTimeEquals(a: Buffer, b: Buffer): boolean {
  const digestA = createHash('sha256').update(a).digest();
  const digestB = createHash('sha256').update(b).digest();
  return timingSafeEqual(digestA, digestB) && a.length === b.length;
}

/**
 * The HMAC key, by the rule Gatehouse signs with: Standard Webhooks secrets are `whsec_` + the
 * base64 of the key bytes, so a `whsec_` secret whose rest is canonical, non-empty base64 is keyed
 * by the decoded bytes; any other secret (`whsec_my-secret` included: Hub secrets are free text)
 * by its UTF-8 bytes. Node's lenient base64 decoder would otherwise turn such text into a key the
 * sender never used.
 */
function signingKeyOf(secret: string): Buffer {
  if (secret.startsWith(SIGNING_SECRET_PREFIX)) {
    const encoded = secret.slice(SIGNING_SECRET_PREFIX.length);
    const decoded = Buffer.from(encoded, 'base64');
    if (decoded.length > 0 && decoded.toString('base64') === encoded) return decoded;
  }
  return Buffer.from(secret, 'utf8');
}

/**
 * Checks that a delivery carries the receiver's secret: the `X-Webhook-Secret`
 * header as the Python WebhooksServer does (401 when missing, 403 when wrong), and, when the
 * sender adds Standard Webhooks headers, their HMAC-SHA256 signature and timestamp.
 *
 * During a secret rotation's overlap Gatehouse keeps the previous secret in `X-Webhook-Secret`
 * and signs with both secrets, so a receiver already given the new secret sees another value in
 * that header: it then accepts on the signature alone, which proves the sender holds its secret
 * (checkSignature, which runs whenever `webhook-signature` is present). A receiver still holding
 * the previous secret matches the header and one of the signatures.
 */
export class WebhookAuthenticator {
  private readonly secretBytes: Buffer;
  private readonly signingKey: Buffer;

  constructor(
    secret: string,
    private readonly nowMs: () => number,
  ) {
    this.secretBytes = Buffer.from(secret, 'utf8');
    this.signingKey = signingKeyOf(secret);
  }

  checkSharedSecret(headers: IncomingHttpHeaders): AuthenticationFailure | undefined {
    const given = header(headers, 'x-webhook-secret');
    if (given === undefined) return { status: 401, message: 'x-webhook-secret header not set.' };
    if (!constantTimeEquals(Buffer.from(given, 'utf8'), this.secretBytes)) {
      if (header(headers, 'webhook-signature') !== undefined) return undefined;
      return { status: 403, message: 'Invalid webhook secret.' };
    }
    return undefined;
  }

  checkSignature(headers: IncomingHttpHeaders, body: Buffer): AuthenticationFailure | undefined {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    const signatures = header(headers, 'webhook-signature');
    if (id === undefined && timestamp === undefined && signatures === undefined) return undefined;
    if (id === undefined || timestamp === undefined || signatures === undefined) {
      return {
        status: 403,
        message:
          'Incomplete signature headers: webhook-id, webhook-timestamp and webhook-signature go together.',
      };
    }
    if (!/^\d+$/.test(timestamp))
      return { status: 403, message: 'Invalid webhook-timestamp header.' };
    const ageSeconds = Math.abs(this.nowMs() / 1000 - Number(timestamp));
    if (ageSeconds > TIMESTAMP_TOLERANCE_SECONDS) {
      return { status: 403, message: 'Webhook timestamp is too old or too far in the future.' };
    }
    const expected = createHmac('sha256', this.signingKey)
      .update(`${id}.${timestamp}.`)
      .update(body)
      .digest();
    // The header may list several space-separated signatures (key rotation); one valid v1 suffices.
    const matches = signatures
      .split(' ')
      .filter((entry) => entry.startsWith('v1,'))
      .some((entry) => constantTimeEquals(Buffer.from(entry.slice(3), 'base64'), expected));
    return matches ? undefined : { status: 403, message: 'Invalid webhook signature.' };
  }
}
