import { InvalidRequest } from '@gatehouse/domain';
import { tokenRequestParams } from './token-request-params';

describe('tokenRequestParams', () => {
  it('keeps form and JSON strings, and reads numbers and booleans as text', () => {
    expect(
      tokenRequestParams({ grant_type: 'refresh_token', client_id: 'a', n: 3, b: true }),
    ).toEqual({
      grant_type: 'refresh_token',
      client_id: 'a',
      n: '3',
      b: 'true',
    });
  });

  it('treats empty parameters as omitted (RFC 6749 §3.1)', () => {
    expect(tokenRequestParams({ scope: '', client_id: 'a', x: null })).toEqual({ client_id: 'a' });
  });

  it('reads no body as no parameters', () => {
    expect(tokenRequestParams(undefined)).toEqual({});
  });

  it.each([
    [{ scope: ['a', 'b'] }, "Parameter 'scope' must not be sent more than once"],
    [{ resource: { a: 1 } }, "Parameter 'resource' must be a string"],
    [['grant_type'], 'The request body must be a form or a JSON object'],
    ['grant_type=x', 'The request body must be a form or a JSON object'],
  ])('refuses %p', (body, message) => {
    expect(() => tokenRequestParams(body)).toThrow(new InvalidRequest(message));
  });
});
