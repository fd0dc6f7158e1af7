import { HttpException, NotFoundException } from '@nestjs/common';
import {
  ApiError,
  apiErrorStatus,
  OAuthError,
  OAuthErrorCode,
  oauthErrorStatus,
  RateLimited,
} from '@gatehouse/domain';
import { isDependencyUnavailable } from './dependency-unavailable';
import { ErrorShape } from './error-shape';
import { BodyParseError, RequestValidationError } from './request.error';

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: Record<string, string>;
}

/** What the mapping needs to know about the request that failed. */
export interface FailedRequest {
  shape: ErrorShape;
  method: string;
  /** Path without the query string. */
  path: string;
  /** Whether a route matched (false: the router's own 404). */
  routeMatched: boolean;
  /** Methods other routes accept on this path, for 405. */
  allowedMethods: string[];
  /** Scheme of the Authorization header, lower-case (`basic`, `bearer`), if any. */
  authorizationScheme?: string;
}

const INTERNAL_ERROR_MESSAGE = 'Internal Server Error';
const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, try again shortly';
/** The pools reconnect within about a second; a client told to wait this long usually succeeds. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;
const OAUTH_REALM = 'gatehouse';
const MAX_HEADER_MESSAGE_LENGTH = 1000;

type Classified =
  | { kind: 'oauth'; error: OAuthError }
  | { kind: 'api'; error: ApiError }
  | { kind: 'validation'; error: RequestValidationError }
  | { kind: 'body'; error: BodyParseError }
  | { kind: 'no_route' }
  | { kind: 'http'; status: number; message: string }
  | { kind: 'dependency_unavailable' }
  | { kind: 'unexpected' };

/**
 * The one mapping from a thrown value to an HTTP answer. Typed domain errors choose their own
 * shape; everything else is answered in the route's shape. Nothing internal (a stack, a
 * `detail`, the message of an unexpected error) ever reaches the body or a header.
 */
export function errorResponseFor(thrown: unknown, request: FailedRequest): ErrorResponse {
  const classified = classify(thrown, request);
  switch (classified.kind) {
    case 'oauth': {
      const { error } = classified;
      if (error instanceof RateLimited) {
        const response = oauthResponse(429, error.code, error.description, request);
        response.headers['Retry-After'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
        return response;
      }
      return oauthResponse(oauthErrorStatus(error.code), error.code, error.description, request);
    }
    case 'api': {
      const { error } = classified;
      const response = apiResponse(apiErrorStatus(error.code), error.message);
      if (error.options.retryAfterSeconds !== undefined) {
        response.headers['Retry-After'] = String(
          Math.max(0, Math.ceil(error.options.retryAfterSeconds)),
        );
      }
      return response;
    }
    case 'validation':
      return shaped(request, 400, classified.error.message);
    case 'body':
      return shaped(request, bodyParseStatus(classified.error), classified.error.message);
    case 'no_route': {
      if (request.allowedMethods.length > 0) {
        const response = shaped(
          request,
          405,
          `Method ${request.method} is not allowed on ${request.path}`,
        );
        response.headers['Allow'] = request.allowedMethods.join(', ');
        return response;
      }
      return shaped(request, 404, `Cannot ${request.method} ${request.path}`);
    }
    case 'http':
      return shaped(request, classified.status, classified.message);
    case 'dependency_unavailable': {
      const response = shaped(request, 503, UNAVAILABLE_MESSAGE);
      response.headers['Retry-After'] = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
      return response;
    }
    case 'unexpected':
      return shaped(request, 500, INTERNAL_ERROR_MESSAGE);
    default:
      return assertNever(classified);
  }
}

function classify(thrown: unknown, request: FailedRequest): Classified {
  if (thrown instanceof OAuthError) return { kind: 'oauth', error: thrown };
  if (thrown instanceof ApiError) return { kind: 'api', error: thrown };
  if (thrown instanceof RequestValidationError) return { kind: 'validation', error: thrown };
  if (thrown instanceof BodyParseError) return { kind: 'body', error: thrown };
  if (thrown instanceof NotFoundException && !request.routeMatched) return { kind: 'no_route' };
  if (thrown instanceof HttpException) {
    const status = thrown.getStatus();
    if (!Number.isInteger(status) || status < 400 || status > 599) return { kind: 'unexpected' };
    return {
      kind: 'http',
      status,
      message: status >= 500 ? INTERNAL_ERROR_MESSAGE : httpExceptionMessage(thrown),
    };
  }
  if (isDependencyUnavailable(thrown)) return { kind: 'dependency_unavailable' };
  return { kind: 'unexpected' };
}

function bodyParseStatus(error: BodyParseError): number {
  switch (error.kind) {
    case 'malformed':
      return 400;
    case 'too_large':
      return 413;
    case 'unsupported_encoding':
      return 415;
    default:
      return assertNever(error.kind);
  }
}

/** A non-domain failure in the route's shape. */
function shaped(request: FailedRequest, status: number, message: string): ErrorResponse {
  switch (request.shape) {
    case 'oauth':
      return oauthResponse(status, genericOAuthCode(status), message, request);
    case 'api':
      return apiResponse(status, message);
    default:
      return assertNever(request.shape);
  }
}

function genericOAuthCode(status: number): OAuthErrorCode {
  if (status === 503) return 'temporarily_unavailable';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

/** RFC 6749 §5.2; responses carrying errors are not cached either (§5.1). */
function oauthResponse(
  status: number,
  code: OAuthErrorCode,
  description: string,
  request: FailedRequest,
): ErrorResponse {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  if (status === 401 && code === 'invalid_client' && request.authorizationScheme === 'basic') {
    // §5.2: a client that authenticated with the Authorization header is told which scheme to use.
    headers['WWW-Authenticate'] = `Basic realm="${OAUTH_REALM}"`;
  }
  if (status === 401 && code === 'invalid_token') {
    // RFC 6750 §3.
    headers['WWW-Authenticate'] =
      `Bearer realm="${OAUTH_REALM}", error="invalid_token", error_description="${quotedStringSafe(description)}"`;
  }
  return { status, headers, body: { error: code, error_description: description } };
}

/** The Hugging Face shape (docs/hf-clients.md "Errors"). */
function apiResponse(status: number, message: string): ErrorResponse {
  return { status, headers: { 'X-Error-Message': headerSafe(message) }, body: { error: message } };
}

function httpExceptionMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && message.every((part) => typeof part === 'string'))
    return message.join('; ');
  return exception.message;
}

/** Header values must be visible ASCII: anything else would make Node throw while answering. */
function headerSafe(value: string): string {
  const ascii = value.replace(/[^\x20-\x7e]/g, '?');
  return ascii.length > MAX_HEADER_MESSAGE_LENGTH
    ? ascii.slice(0, MAX_HEADER_MESSAGE_LENGTH)
    : ascii;
}

function quotedStringSafe(value: string): string {
  return headerSafe(value).replace(/["\\]/g, "'");
}

function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
