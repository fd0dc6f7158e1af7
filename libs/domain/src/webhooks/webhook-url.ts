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

/**
 * The one answer for a host a webhook may not target, whatever the reason: a loopback name, a
 * private or special-use address, a name resolving to one, or a name that does not resolve. Told
 * apart, they would let a caller map internal DNS (docs/security.md "SSRF refusals mapping
 * internal DNS"); `detail`, logged and never answered, says which.
 */
export function refusedWebhookTarget(field: string, detail: string): ApiError {
  return new ApiError(
    'bad_request',
    `${field}: must not target a private or special-use address or a name that does not resolve`,
    { field, detail },
  );
}

export function validateWebhookUrlSyntax(
  raw: unknown,
  options: WebhookUrlOptions = {},
): CheckedWebhookUrl {
  const field = options.field ?? 'url';
  const fail = (why: string): never => {
    throw ApiError.badRequest(`${field}: ${why}`, field);
  };
  if (typeof raw !== 'string' || raw.trim() === '') return fail('must be a non-empty string');
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    return fail(`must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);

  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return fail('must be an absolute URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return fail('must use https');
  if (parsed.username !== '' || parsed.password !== '')
    return fail('must not contain a user name or password');

  const bracketed = parsed.hostname;
  const host = bracketed.startsWith('[') ? bracketed.slice(1, -1) : bracketed;
  const loopback = isLocalhostName(host) || isLoopbackAddress(host);
  const loopbackAllowed = loopback && options.allowLoopback === true;

  if (parsed.protocol === 'http:' && !loopbackAllowed) return fail('must use https');

  if (isLocalhostName(host) && !loopbackAllowed)
    throw refusedWebhookTarget(field, `${host} is a loopback name (RFC 6761)`);
  const hostIsIpLiteral = isIpLiteral(host);
  if (hostIsIpLiteral) {
    const verdict = classifyAddress(host, { allowLoopback: options.allowLoopback === true });
    if (!verdict.allowed) throw refusedWebhookTarget(field, `${host} is ${verdict.reason}`);
  }
  return { url: parsed.href, host, hostIsIpLiteral };
}
