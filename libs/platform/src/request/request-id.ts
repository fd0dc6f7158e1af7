import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';

const REQUEST_ID_HEADER = 'X-Request-Id';

const MAX_REQUEST_ID_LENGTH = 128;
// Characters that survive a log line, a header and an error message unchanged.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:\-/+=@]+$/;

const REQUEST_ID = Symbol('gatehouse.requestId');
type WithRequestId = Request & { [REQUEST_ID]?: string };

/** The caller's request id when it is short and plain, else a fresh one. */
export function resolveRequestId(incoming: unknown, generate: () => string = randomUUID): string {
  if (typeof incoming === 'string') {
    const candidate = incoming.trim();
    if (
      candidate.length > 0 &&
      candidate.length <= MAX_REQUEST_ID_LENGTH &&
      SAFE_REQUEST_ID.test(candidate)
    ) {
      return candidate;
    }
  }
  return generate();
}

/** Gives the request an id and echoes it as `X-Request-Id` (the Hugging Face clients quote it in errors). */
export function assignRequestId(
  req: Request,
  res: Response,
  generate: () => string = randomUUID,
): string {
  const id = resolveRequestId(req.headers['x-request-id'], generate);
  (req as WithRequestId)[REQUEST_ID] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

export function requestIdOf(req: Request): string | undefined {
  return (req as WithRequestId)[REQUEST_ID];
}
