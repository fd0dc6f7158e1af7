import { ApiError, InvalidRequest } from '@gatehouse/domain';
import { z } from 'zod';
import { RequestValidationError } from '../errors/request.error';
import { parseOrThrow } from './zod-validation';

const schema = z.strictObject({
  url: z.url(),
  domains: z.array(z.enum(['repo', 'discussion'])).optional(),
  nested: z.object({ secret: z.string().min(8) }).optional(),
});

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('parseOrThrow', () => {
  it('returns the parsed value', () => {
    expect(parseOrThrow(schema, { url: 'https://example.com/hook' }, 'api')).toEqual({
      url: 'https://example.com/hook',
    });
  });

  it('throws a 400 ApiError naming the field (API shape)', () => {
    const error = thrown(() => parseOrThrow(schema, { url: 'not a url' }, 'api'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('bad_request');
    expect((error as ApiError).options.field).toBe('url');
    expect((error as ApiError).message).toMatch(/^Invalid "url": /);
  });

  it('throws invalid_request naming the field (OAuth shape)', () => {
    const error = thrown(() =>
      parseOrThrow(schema, { url: 'https://example.com', domains: ['repo', 'x'] }, 'oauth'),
    );
    expect(error).toBeInstanceOf(InvalidRequest);
    expect((error as InvalidRequest).description).toMatch(/^Invalid "domains\.1": /);
  });

  it('names a nested field by its path', () => {
    const error = thrown(() =>
      parseOrThrow(schema, { url: 'https://example.com', nested: { secret: 'short' } }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).field).toBe('nested.secret');
  });

  it('names an unknown key', () => {
    const error = thrown(() =>
      parseOrThrow(schema, { url: 'https://example.com', surprise: 1 }, undefined, 'body'),
    );
    expect((error as RequestValidationError).field).toBe('surprise');
  });

  it('describes a wrong top-level value by its source', () => {
    const error = thrown(() => parseOrThrow(schema, 'a string', undefined, 'body'));
    expect((error as RequestValidationError).message).toMatch(/^Invalid body: /);
    expect((error as RequestValidationError).field).toBeUndefined();
  });
});
