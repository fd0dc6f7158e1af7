import { ApiError } from '@gatehouse/domain';
import { MAX_EVENTS_PER_REQUEST, parseIngestionBody } from './ingestion-body';

const defaults = { newEventId: () => 'evt_assigned', now: () => '2026-01-01T00:00:00.000Z' };

function pushEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'evt-1',
    time: '2026-01-02T03:04:05Z',
    event: { action: 'update', scope: 'repo.content' },
    repo: {
      type: 'model',
      name: 'acme/bert',
      id: 'repo-1',
      private: false,
      owner: { id: 'owner-1', name: 'acme' },
    },
    ...overrides,
  };
}

function rejection(body: unknown): ApiError {
  try {
    parseIngestionBody(body, defaults);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('parseIngestionBody', () => {
  it('accepts one event object', () => {
    const [event] = parseIngestionBody(pushEvent(), defaults);
    expect(event).toMatchObject({
      id: 'evt-1',
      time: '2026-01-02T03:04:05Z',
      repo: { id: 'repo-1', name: 'acme/bert' },
    });
  });

  it('accepts an array and keeps its order', () => {
    const events = parseIngestionBody([pushEvent({ id: 'a' }), pushEvent({ id: 'b' })], defaults);
    expect(events.map((event) => event.id)).toEqual(['a', 'b']);
  });

  it('assigns id and time when left out or null', () => {
    const [event] = parseIngestionBody(pushEvent({ id: undefined, time: null }), defaults);
    expect(event!.id).toBe('evt_assigned');
    expect(event!.time).toBe('2026-01-01T00:00:00.000Z');
  });

  it('names the field of the first problem', () => {
    const error = rejection(pushEvent({ event: { action: 'delete', scope: 'repo.content' } }));
    expect(error.code).toBe('bad_request');
    expect(error.options.field).toBe('event.action');
    expect(error.message).toBe('event.action: repo.content events take update');
  });

  it('prefixes the field with the index of the event in an array', () => {
    const error = rejection([
      pushEvent(),
      pushEvent({
        repo: {
          type: 'model',
          name: 'acme/bert',
          id: 'repo-1',
          private: 'no',
          owner: { id: 'o', name: 'acme' },
        },
      }),
    ]);
    expect(error.options.field).toBe('[1].repo.private');
  });

  it('refuses an empty array, a non-object and a batch over the limit', () => {
    expect(rejection([]).message).toBe('the body is an empty array: send at least one event');
    expect(rejection('push').message).toBe(
      'the body must be an event object or an array of events',
    );
    expect(rejection([pushEvent(), 7]).options.field).toBe('[1]');
    expect(
      rejection(Array.from({ length: MAX_EVENTS_PER_REQUEST + 1 }, () => pushEvent())).message,
    ).toBe(
      `at most ${MAX_EVENTS_PER_REQUEST} events per request, got ${MAX_EVENTS_PER_REQUEST + 1}`,
    );
  });

  it('refuses an event id that could not be a webhook-id prefix', () => {
    expect(rejection(pushEvent({ id: 'has.dot' })).options.field).toBe('id');
  });
});
