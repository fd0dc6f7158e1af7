import { ApiError } from '../common';
import { classifyAddress, isIpLiteral, isLoopbackAddress } from '../net';

/**
 * A webhook URL that passed the checks that need no network. The caller still resolves `host`
 * (unless `hostIsIpLiteral`) and runs `classifyAddress` on every address it gets, at creation and
 * again at connect time, since DNS answers change (DNS rebinding).
 */
export interface CheckedWebhookUrl {
  /** WHATWG-serialised URL, e.g. `https://example.com/hook`. */
  url: string;
  /** Host to resolve, without IPv6 brackets. */
  host: string;
  hostIsIpLiteral: boolean;
}

export interface WebhookUrlOptions {
  /** `GATEHOUSE_ALLOW_LOOPBACK_TARGETS`: loopback targets, and plain http to them, are allowed. */
  allowLoopback?: boolean;
  field?: string;
}

const MAX_WEBHOOK_URL_LENGTH = 2048;

/** RFC 6761 §6.3: `localhost` and every name under it are loopback. */
function isLocalhostName(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return name === 'localhost' || name.endsWith('.localhost');
}


export function validateWebhookUrlSyntax(raw: unknown, options: WebhookUrlOptions = {}): CheckedWebhookUrl {
  const field = options.field ?? 'url';
  const fail = (why: string): never => {
    throw ApiError.badRequest(`${field}: ${why}`, field);
  };
  if (typeof raw !== 'string' || raw.trim() === '') return fail('must be a non-empty string');
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return fail(`must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);

  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return fail('must be an absolute URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return fail('must use https');
  if (parsed.username !== '' || parsed.password !== '') return fail('must not contain a user name or password');

  const bracketed = parsed.hostname;
  const host = bracketed.startsWith('[') ? bracketed.slice(1, -1) : bracketed;
  const loopback = isLocalhostName(host) || isLoopbackAddress(host);
  const loopbackAllowed = loopback && options.allowLoopback === true;

  if (parsed.protocol === 'http:' && !loopbackAllowed) return fail('must use https');

  if (loopback && !loopbackAllowed) return fail('must not target a loopback address');
  const hostIsIpLiteral = isIpLiteral(host);
  if (hostIsIpLiteral) {
    const verdict = classifyAddress(host, { allowLoopback: options.allowLoopback === true });
    // One answer for every refused range; which one is for the log (docs/security.md).
    if (!verdict.allowed) throw new ApiError('bad_request', `${field}: must not target a private or special-use address`, { field, detail: `${host} is ${verdict.reason}` });
  }
  return { url: parsed.href, host, hostIsIpLiteral };
}
