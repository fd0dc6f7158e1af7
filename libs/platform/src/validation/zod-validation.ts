import { ApiError, InvalidRequest } from '@gatehouse/domain';
import { z } from 'zod';
import { ErrorShape } from '../errors/error-shape';
import { RequestValidationError } from '../errors/request.error';

export type InputSource = 'body' | 'query' | 'params' | 'input';

/** The first problem zod found, as a public message naming the field, and that field. */
function describeZodError(
  error: z.ZodError,
  source: InputSource = 'input',
): { message: string; field?: string } {
  const issue = error.issues[0];
  if (!issue) return { message: `Invalid ${source}` };
  const segments = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) segments.push(issue.keys[0]!);
  const field = segments.length > 0 ? segments.join('.') : undefined;
  const message = field
    ? `Invalid "${field}": ${issue.message}`
    : `Invalid ${source}: ${issue.message}`;
  return field ? { message, field } : { message };
}

/**
 * Parses `value` or throws an input error: `invalid_request` (OAuth shape), a 400 `ApiError`
 * (API shape), or, without a shape, a `RequestValidationError` the filter answers in the shape
 * of the route.
 */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  shape?: ErrorShape,
  source: InputSource = 'input',
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { message, field } = describeZodError(result.error, source);
  switch (shape) {
    case 'oauth':
      return throwError(new InvalidRequest(message));
    case 'api':
      return throwError(ApiError.badRequest(message, field));
    case undefined:
      return throwError(new RequestValidationError(message, field));
  }
}

function throwError(error: Error): never {
  throw error;
}
