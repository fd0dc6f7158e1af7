/**
 * Errors of the platform API (`/api/...`). They are answered in the Hugging Face shape:
 * `{"error": message}` with the same message in `X-Error-Message` (docs/hf-clients.md "Errors").
 * The message is public; `detail` is for logs only.
 */
export type ApiErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'unavailable';

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly options: { field?: string; detail?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static badRequest(message: string, field?: string): ApiError {
    return new ApiError('bad_request', message, field ? { field } : {});
  }
  static unauthorized(message = 'Invalid credentials in Authorization header'): ApiError {
    return new ApiError('unauthorized', message);
  }
  static forbidden(message: string): ApiError {
    return new ApiError('forbidden', message);
  }
  static notFound(message: string): ApiError {
    return new ApiError('not_found', message);
  }
  static conflict(message: string): ApiError {
    return new ApiError('conflict', message);
  }
}

export function apiErrorStatus(code: ApiErrorCode): number {
  switch (code) {
    case 'bad_request':
      return 400;
    case 'unauthorized':
      return 401;
    case 'forbidden':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
      return 409;
    case 'payload_too_large':
      return 413;
    case 'rate_limited':
      return 429;
    case 'unavailable':
      return 503;
  }
}
