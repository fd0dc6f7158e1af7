import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import type { IncomingMessage } from 'node:http';

export const DEFAULT_BODY_LIMIT = '1mb';

const BODY_ERROR = Symbol('gatehouse.bodyError');
type WithBodyError = Request & { [BODY_ERROR]?: BodyParseFailure };

export type BodyParseFailureKind = 'malformed' | 'too_large' | 'unsupported_encoding';

export interface BodyParseFailure {
  readonly kind: BodyParseFailureKind;
}

/** Nest's `RawBodyRequest` reads the same property. */
type WithRawBody = IncomingMessage & { rawBody?: Buffer };

function keepRawBody(req: IncomingMessage, _res: unknown, buffer: Buffer): void {
  (req as WithRawBody).rawBody = buffer;
}

/**
 * The JSON and form parsers as one step that keeps the raw bytes (`req.rawBody`, for signature
 * checks) and does not answer errors itself: a parse failure is recorded on the request and
 * raised once the route is known, so it is answered in that route's error shape (OAuth or API).
 * A request without a body (no `Content-Length`, no `Transfer-Encoding`: most GETs) is passed on
 * at once, with `req.body` undefined as the parsers would leave it.
 */
export function bodyParser(
  limit: string = DEFAULT_BODY_LIMIT,
): (req: Request, res: Response, next: NextFunction) => void {
  const json = deferErrors(
    express.json({ limit, verify: keepRawBody, type: ['application/json', 'application/*+json'] }),
  );
  const form = deferErrors(
    express.urlencoded({ limit, verify: keepRawBody, extended: false, parameterLimit: 1000 }),
  );
  return (req, res, next) => {
    if (!hasBody(req)) {
      if (!('body' in (req as object))) req.body = undefined;
      next();
      return;
    }
    json(req, res, () => form(req, res, next));
  };
}

/** The test the parsers apply first (type-is's `hasBody`; RFC 9112 §6.3: a body has a length or a transfer coding). */
function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined ||
    !Number.isNaN(Number(req.headers['content-length']))
  );
}

function deferErrors(
  parser: RequestHandler,
): (req: Request, res: Response, next: () => void) => void {
  return (req, res, next) => {
    if ((req as WithBodyError)[BODY_ERROR]) {
      next();
      return;
    }
    parser(req, res, (error?: unknown) => {
      if (error) {
        (req as WithBodyError)[BODY_ERROR] = { kind: classify(error) };
        // Parsers that failed leave no usable body behind.
        req.body = undefined;
      }
      next();
    });
  };
}

function classify(error: unknown): BodyParseFailureKind {
  const status =
    typeof error === 'object' && error !== null
      ? (error as { status?: unknown }).status
      : undefined;
  if (status === 413) return 'too_large';
  if (status === 415) return 'unsupported_encoding';
  return 'malformed';
}

export function bodyParseFailureOf(req: Request): BodyParseFailure | undefined {
  return (req as WithBodyError)[BODY_ERROR];
}
