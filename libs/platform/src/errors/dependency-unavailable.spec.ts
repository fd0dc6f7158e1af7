import { isDependencyUnavailable } from './dependency-unavailable';

function withFields(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('isDependencyUnavailable', () => {
  it.each([
    [
      'a backend terminated by pg_terminate_backend (57P01)',
      withFields('terminating connection due to administrator command', { code: '57P01' }),
    ],
    ['node-postgres losing its socket', new Error('Connection terminated unexpectedly')],
    ['pg-pool unable to connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'a refused connection',
      withFields('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
    ],
    ['a connection exception (class 08)', withFields('connection failure', { code: '08006' })],
    ['too many connections', withFields('sorry, too many clients already', { code: '53300' })],
    [
      'a TypeORM QueryFailedError around a terminated backend',
      withFields('terminating connection', {
        driverError: withFields('terminating connection', { code: '57P01' }),
      }),
    ],
    ['an ioredis client whose connection was killed', new Error('Connection is closed.')],
    [
      'ioredis giving up on a command',
      withFields('Reached the max retries per request limit (which is 1).', {
        name: 'MaxRetriesPerRequestError',
      }),
    ],
    [
      'a cause two levels down',
      withFields('sign-in failed', {
        cause: withFields('wrapped', { cause: withFields('reset', { code: 'ECONNRESET' }) }),
      }),
    ],
  ])('is true for %s', (_, thrown) => {
    expect(isDependencyUnavailable(thrown)).toBe(true);
  });

  it.each([
    [
      'a unique violation',
      withFields('duplicate key value violates unique constraint', { code: '23505' }),
    ],
    ['a syntax error', withFields('syntax error at or near "SELEC"', { code: '42601' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'Connection terminated'],
    ['null', null],
  ])('is false for %s', (_, thrown) => {
    expect(isDependencyUnavailable(thrown)).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const first: Error & { cause?: unknown } = new Error('a');
    first.cause = withFields('b', { cause: first });
    expect(isDependencyUnavailable(first)).toBe(false);
  });
});
