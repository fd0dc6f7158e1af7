export interface GatehouseHttpErrorDetails {
  status: number;
  method: string;
  url: string;
  /** What the server said: `X-Error-Message` and/or the `{"error": ...}` body. */
  serverMessage: string | undefined;
  /** `X-Request-Id` (else `X-Amzn-Trace-Id`), to quote when reporting a problem. */
  requestId: string | undefined;
  /** `Retry-After`, in seconds, when the server sent it. */
  retryAfterSeconds: number | undefined;
}

/** A Gatehouse API call answered with a non-2xx status. */
export class GatehouseHttpError extends Error {
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly serverMessage: string | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(details: GatehouseHttpErrorDetails) {
    const said = details.serverMessage ? `: ${details.serverMessage}` : '';
    const id = details.requestId ? ` (Request ID: ${details.requestId})` : '';
    super(`${details.status} for ${details.method} ${details.url}${said}${id}`);
    this.name = new.target.name;
    this.status = details.status;
    this.method = details.method;
    this.url = details.url;
    this.serverMessage = details.serverMessage;
    this.requestId = details.requestId;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** 400: the request was refused as invalid; `serverMessage` names the field. */
export class BadRequestError extends GatehouseHttpError {}
/** 401: the token is missing, invalid or expired. */
export class UnauthorizedError extends GatehouseHttpError {}
/** 403: the token lacks the permission or scope (e.g. `webhooks`). */
export class ForbiddenError extends GatehouseHttpError {}
/** 404: no such resource, or it belongs to someone else. */
export class NotFoundError extends GatehouseHttpError {}
/** 429: rate limited; wait `retryAfterSeconds` when given. */
export class RateLimitError extends GatehouseHttpError {}

const ERROR_CLASSES: Record<number, typeof GatehouseHttpError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  429: RateLimitError,
};

export function createHttpError(details: GatehouseHttpErrorDetails): GatehouseHttpError {
  const ErrorClass = ERROR_CLASSES[details.status] ?? GatehouseHttpError;
  return new ErrorClass(details);
}
