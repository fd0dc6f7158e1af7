import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import {
  AccessDenied,
  ApiError,
  AuthorizationPending,
  ExpiredToken,
  InvalidClient,
  InvalidGrant,
  InvalidRequest,
  InvalidScope,
  InvalidTarget,
  InvalidToken,
  OAuthError,
  RateLimited,
  ServerError,
  SlowDown,
  TemporarilyUnavailable,
  UnauthorizedClient,
  UnsupportedGrantType,
} from '@gatehouse/domain';
import { UnsupportedResponseType } from '@gatehouse/domain/testing';
import { errorResponseFor, FailedRequest } from './error-response';
import { BodyParseError, RequestValidationError } from './request.error';

const apiRoute: FailedRequest = {
  shape: 'api',
  method: 'POST',
  path: '/api/things',
  routeMatched: true,
  allowedMethods: [],
};
const oauthRoute: FailedRequest = { ...apiRoute, shape: 'oauth', path: '/oauth/token' };

describe('errorResponseFor', () => {
  describe('OAuth errors (RFC 6749 §5.2)', () => {
    const cases: Array<[OAuthError, number]> = [
      [new InvalidRequest('d'), 400],
      [new InvalidClient('d'), 401],
      [new InvalidGrant('d'), 400],
      [new UnauthorizedClient('d'), 400],
      [new UnsupportedGrantType('d'), 400],
      [new UnsupportedResponseType('d'), 400],
      [new InvalidScope('d'), 400],
      [new InvalidTarget('d'), 400],
      [new InvalidToken('d'), 401],
      [new AccessDenied('d'), 400],
      [new AuthorizationPending('d'), 400],
      [new SlowDown('d'), 400],
      [new ExpiredToken('d'), 400],
      [new ServerError('d'), 500],
      [new TemporarilyUnavailable('d'), 503],
    ];

    it.each(cases)('%p answers %i with its code and description, uncached', (error, status) => {
      const response = errorResponseFor(error, apiRoute);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ error: error.code, error_description: 'd' });
      expect(response.headers['Cache-Control']).toBe('no-store');
      expect(response.headers['X-Error-Message']).toBeUndefined();
    });

    it('never exposes the internal detail', () => {
      const response = errorResponseFor(
        new InvalidGrant('Invalid authorization code', 'code abc123 was redeemed twice'),
        oauthRoute,
      );
      expect(JSON.stringify(response)).not.toContain('abc123');
    });

    it('asks a client that tried Basic authentication for Basic credentials', () => {
      const response = errorResponseFor(new InvalidClient('Client authentication failed'), {
        ...oauthRoute,
        authorizationScheme: 'basic',
      });
      expect(response.status).toBe(401);
      expect(response.headers['WWW-Authenticate']).toBe('Basic realm="gatehouse"');
    });

    it('adds no challenge when the client authenticated in the body', () => {
      const response = errorResponseFor(
        new InvalidClient('Client authentication failed'),
        oauthRoute,
      );
      expect(response.headers['WWW-Authenticate']).toBeUndefined();
    });

    it('answers a rate limit 429 with Retry-After in the OAuth shape, and nothing of the detail', () => {
      const response = errorResponseFor(
        new RateLimited(
          'Too many device authorizations from your address',
          41.2,
          'address 203.0.113.9',
        ),
        oauthRoute,
      );
      expect(response).toEqual({
        status: 429,
        headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache', 'Retry-After': '42' },
        body: {
          error: 'temporarily_unavailable',
          error_description: 'Too many device authorizations from your address',
        },
      });
    });

    it('answers invalid_token with a Bearer challenge (RFC 6750 §3)', () => {
      const response = errorResponseFor(
        new InvalidToken('The access token "x" expired'),
        oauthRoute,
      );
      expect(response.headers['WWW-Authenticate']).toBe(
        `Bearer realm="gatehouse", error="invalid_token", error_description="The access token 'x' expired"`,
      );
    });
  });

  describe('API errors (Hugging Face shape)', () => {
    it.each([
      [ApiError.badRequest('Bad url', 'url'), 400],
      [ApiError.unauthorized(), 401],
      [ApiError.forbidden('No'), 403],
      [ApiError.notFound('Webhook not found'), 404],
      [ApiError.conflict('Exists'), 409],
      [new ApiError('payload_too_large', 'Too big'), 413],
      [new ApiError('rate_limited', 'Slow down'), 429],
      [new ApiError('unavailable', 'Later'), 503],
    ])('%p answers %i with the message in the body and X-Error-Message', (error, status) => {
      const response = errorResponseFor(error, oauthRoute);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ error: error.message });
      expect(response.headers['X-Error-Message']).toBe(error.message);
    });

    it('sets Retry-After when the error carries one', () => {
      const response = errorResponseFor(
        new ApiError('rate_limited', 'Too many requests', { retryAfterSeconds: 2.2 }),
        apiRoute,
      );
      expect(response.headers['Retry-After']).toBe('3');
    });

    it('keeps X-Error-Message a valid header value', () => {
      const response = errorResponseFor(ApiError.badRequest('Naïve\r\nInjected: yes'), apiRoute);
      expect(response.headers['X-Error-Message']).toBe('Na?ve??Injected: yes');
      expect(response.body).toEqual({ error: 'Naïve\r\nInjected: yes' });
    });

    it('does not repeat the internal detail', () => {
      const response = errorResponseFor(
        new ApiError('forbidden', 'No', { detail: 'user 42 lacks admin' }),
        apiRoute,
      );
      expect(JSON.stringify(response)).not.toContain('user 42');
    });
  });

  describe('input errors follow the route shape', () => {
    it('validation failure: API shape', () => {
      const response = errorResponseFor(
        new RequestValidationError('Invalid "url": expected string', 'url'),
        apiRoute,
      );
      expect(response).toEqual({
        status: 400,
        headers: { 'X-Error-Message': 'Invalid "url": expected string' },
        body: { error: 'Invalid "url": expected string' },
      });
    });

    it('validation failure: OAuth shape', () => {
      const response = errorResponseFor(
        new RequestValidationError('Invalid "grant_type": required', 'grant_type'),
        oauthRoute,
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'invalid_request',
        error_description: 'Invalid "grant_type": required',
      });
    });

    it.each([
      ['malformed', 400],
      ['too_large', 413],
      ['unsupported_encoding', 415],
    ] as const)('body %s answers %i', (kind, status) => {
      expect(errorResponseFor(new BodyParseError(kind), apiRoute).status).toBe(status);
      const oauth = errorResponseFor(new BodyParseError(kind), oauthRoute);
      expect(oauth.status).toBe(status);
      expect(oauth.body.error).toBe('invalid_request');
    });
  });

  describe('the router', () => {
    const unmatched: FailedRequest = {
      ...apiRoute,
      method: 'GET',
      path: '/nowhere',
      routeMatched: false,
    };

    it('answers 404 for an unknown path, without the query string', () => {
      const response = errorResponseFor(
        new NotFoundException('Cannot GET /nowhere?token=x'),
        unmatched,
      );
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Cannot GET /nowhere' });
    });

    it('answers 405 with Allow when the path exists for other methods', () => {
      const response = errorResponseFor(new NotFoundException(), {
        ...unmatched,
        allowedMethods: ['POST'],
      });
      expect(response.status).toBe(405);
      expect(response.headers['Allow']).toBe('POST');
    });

    it('keeps a 404 thrown by a matched route', () => {
      const response = errorResponseFor(new NotFoundException('No such thing'), apiRoute);
      expect(response).toMatchObject({ status: 404, body: { error: 'No such thing' } });
    });
  });

  describe('anything else', () => {
    it('answers 500 with a generic message and nothing of the error', () => {
      const response = errorResponseFor(
        new Error('connect ECONNREFUSED postgres://admin:hunter2@db'),
        apiRoute,
      );
      expect(response).toEqual({
        status: 500,
        headers: { 'X-Error-Message': 'Internal Server Error' },
        body: { error: 'Internal Server Error' },
      });
    });

    it('answers 503 with Retry-After when a dependency dropped the connection, nothing of the error', () => {
      const terminated = Object.assign(
        new Error(
          'terminating connection due to administrator command at postgres://admin:hunter2@db',
        ),
        { code: '57P01' },
      );
      expect(errorResponseFor(terminated, apiRoute)).toEqual({
        status: 503,
        headers: {
          'X-Error-Message': 'Service temporarily unavailable, try again shortly',
          'Retry-After': '1',
        },
        body: { error: 'Service temporarily unavailable, try again shortly' },
      });
      expect(errorResponseFor(new Error('Connection is closed.'), oauthRoute)).toMatchObject({
        status: 503,
        headers: { 'Retry-After': '1' },
        body: {
          error: 'temporarily_unavailable',
          error_description: 'Service temporarily unavailable, try again shortly',
        },
      });
    });

    it('answers 500 as server_error on an OAuth route', () => {
      const response = errorResponseFor('a string thrown', oauthRoute);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        error: 'server_error',
        error_description: 'Internal Server Error',
      });
    });

    it('keeps the status and message of a Nest 4xx exception', () => {
      expect(
        errorResponseFor(new BadRequestException(['a is required', 'b is required']), apiRoute),
      ).toMatchObject({
        status: 400,
        body: { error: 'a is required; b is required' },
      });
    });

    it('hides the message of a Nest 5xx exception', () => {
      const response = errorResponseFor(
        new HttpException('database password is wrong', 502),
        apiRoute,
      );
      expect(response).toMatchObject({ status: 502, body: { error: 'Internal Server Error' } });
    });
  });
});
