/**
 * Whether a thrown value says a dependency (PostgreSQL, Redis) could not be reached or dropped
 * the connection mid-request, rather than that the request or the code was wrong. Such a request
 * may succeed a moment later (the pools reconnect), so it is answered 503 with Retry-After, not
 * 500. Looks through the wrappers drivers and ORMs put around the cause (`driverError`, `cause`).
 */
export function isDependencyUnavailable(thrown: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = thrown;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if (isConnectionFailure(current as FailureFields)) return true;
    const { driverError, cause } = current as { driverError?: unknown; cause?: unknown };
    current = driverError ?? cause;
  }
  return false;
}

interface FailureFields {
  name?: unknown;
  code?: unknown;
  message?: unknown;
}

/** Socket-level failures of any client. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or refusing connections: class 08
 * (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now),
 * 53300 (too many connections).
 */
function isPostgresUnavailable(code: string): boolean {
  return (
    /^08[0-9A-Z]{3}$/.test(code) ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '53300'
  );
}

/** Messages of node-postgres, pg-pool and ioredis for a connection lost or not obtained. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Connection is closed\.?$/,
  /^Stream isn't writeable/,
  /enableOfflineQueue options is false/,
];

function isConnectionFailure(error: FailureFields): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || isPostgresUnavailable(code)) return true;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}
