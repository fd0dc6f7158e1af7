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
 * JSON and form parsers that keep the raw bytes (`req.rawBody`, for signature checks) and do not
 * answer errors themselves: a parse failure is recorded on the request and raised once the
 * route is known, so it is answered in that route's error shape (OAuth or API).
 */
export function bodyParsers(limit: string = DEFAULT_BODY_LIMIT): RequestHandler[] {
  return [
    deferErrors(express.json({ limit, verify: keepRawBody, type: ['application/json', 'application/*+json'] })),
    deferErrors(express.urlencoded({ limit, verify: keepRawBody, extended: false, parameterLimit: 1000 })),
  ];
}

function deferErrors(parser: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
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
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 413) return 'too_large';
  if (status === 415) return 'unsupported_encoding';
  return 'malformed';
}

export function bodyParseFailureOf(req: Request): BodyParseFailure | undefined {
  return (req as WithBodyError)[BODY_ERROR];
}
