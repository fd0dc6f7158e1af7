import { z } from 'zod';
import { EVENT_HEADERS, decodeEvent, defineEvent, headerEventType } from './event-definition';
import { InvalidEventError } from './invalid-event.error';

const repoStarredV1 = defineEvent({
  type: 'repo.starred',
  version: 1,
  schema: z.object({ repoId: z.string(), stars: z.number().int() }),
});
const repoStarredV2 = defineEvent({
  type: 'repo.starred',
  version: 2,
  schema: z.object({ repoId: z.string(), stars: z.number().int(), by: z.string() }),
});
const time = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));

function rejection(run: () => unknown): InvalidEventError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidEventError) return error;
    throw error;
  }
  throw new Error('expected an InvalidEventError');
}

describe('defineEvent', () => {
  it('encodes data into a keyed message holding the envelope, with identity headers', () => {
    const message = repoStarredV1.encode(
      { repoId: 'r1', stars: 3 },
      { key: 'r1', id: 'evt-1', time, headers: { 'x-trace': 't' } },
    );
    expect(message.key).toBe('r1');
    expect(JSON.parse(message.value)).toEqual({
      id: 'evt-1',
      type: 'repo.starred',
      version: 1,
      time: '2026-01-02T03:04:05.000Z',
      data: { repoId: 'r1', stars: 3 },
    });
    expect(message.headers).toEqual({
      'x-trace': 't',
      [EVENT_HEADERS.id]: 'evt-1',
      [EVENT_HEADERS.type]: 'repo.starred',
      [EVENT_HEADERS.version]: '1',
    });
  });

  it('gives every event its own id when none is passed', () => {
    const ids = new Set(
      [1, 2, 3].map(
        () => JSON.parse(repoStarredV1.encode({ repoId: 'r', stars: 1 }, { key: 'r' }).value).id,
      ),
    );
    expect(ids.size).toBe(3);
  });

  it('decodes what it encoded', () => {
    const message = repoStarredV1.encode(
      { repoId: 'r1', stars: 3 },
      { key: 'r1', id: 'evt-1', time },
    );
    expect(repoStarredV1.decode(message)).toEqual({
      id: 'evt-1',
      type: 'repo.starred',
      version: 1,
      time: '2026-01-02T03:04:05.000Z',
      data: { repoId: 'r1', stars: 3 },
    });
  });

  it('refuses to encode data that breaks the schema', () => {
    const error = rejection(() =>
      repoStarredV1.encode({ repoId: 'r1', stars: 1.5 }, { key: 'r1' }),
    );
    expect(error.reason).toBe('invalid_data');
    expect(error.details.issues).toContain('stars');
  });

  it.each([
    ['not JSON', '{oops', 'malformed'],
    ['not an envelope', JSON.stringify({ hello: 'world' }), 'malformed'],
    [
      'an envelope with a bad time',
      JSON.stringify({ id: 'e', type: 'repo.starred', version: 1, time: 'yesterday', data: {} }),
      'malformed',
    ],
    [
      'another event type',
      JSON.stringify({
        id: 'e',
        type: 'repo.deleted',
        version: 1,
        time: time.toISOString(),
        data: {},
      }),
      'unexpected_type',
    ],
    [
      'a version it does not know',
      JSON.stringify({
        id: 'e',
        type: 'repo.starred',
        version: 7,
        time: time.toISOString(),
        data: {},
      }),
      'unknown_version',
    ],
    [
      'data breaking the schema',
      JSON.stringify({
        id: 'e',
        type: 'repo.starred',
        version: 1,
        time: time.toISOString(),
        data: { repoId: 5 },
      }),
      'invalid_data',
    ],
  ])('rejects %s at the consumer', (_, value, reason) => {
    expect(rejection(() => repoStarredV1.decode({ value })).reason).toBe(reason);
  });
});

describe('decodeEvent', () => {
  const definitions = [repoStarredV1, repoStarredV2] as const;

  it('decodes with the definition of the message type and version', () => {
    const v2 = repoStarredV2.encode(
      { repoId: 'r1', stars: 3, by: 'u1' },
      { key: 'r1', id: 'evt-2', time },
    );
    const decoded = decodeEvent(v2, definitions);
    expect(decoded).toMatchObject({
      id: 'evt-2',
      version: 2,
      data: { repoId: 'r1', stars: 3, by: 'u1' },
    });
  });

  it('names an unknown version and an unknown type apart', () => {
    const v3 = JSON.stringify({
      id: 'e',
      type: 'repo.starred',
      version: 3,
      time: time.toISOString(),
      data: {},
    });
    const other = JSON.stringify({
      id: 'e',
      type: 'repo.deleted',
      version: 1,
      time: time.toISOString(),
      data: {},
    });
    expect(rejection(() => decodeEvent({ value: v3 }, definitions))).toMatchObject({
      reason: 'unknown_version',
      details: { type: 'repo.starred', version: 3 },
    });
    expect(rejection(() => decodeEvent({ value: other }, definitions))).toMatchObject({
      reason: 'unexpected_type',
      details: { type: 'repo.deleted' },
    });
  });
});

describe('headerEventType', () => {
  it('reads the type an encoded message names in its headers, and nothing from a message without them', () => {
    const message = repoStarredV1.encode({ repoId: 'r1', stars: 1 }, { key: 'r1', time });
    expect(headerEventType(message)).toBe('repo.starred');
    expect(headerEventType({ headers: {} })).toBeUndefined();
    expect(headerEventType({})).toBeUndefined();
  });
});
