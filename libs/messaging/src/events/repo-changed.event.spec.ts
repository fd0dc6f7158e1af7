import { InvalidEventError } from './invalid-event.error';
import { repoChangedEvent, repoChangedMessage } from './repo-changed.event';

const event = {
  id: 'evt-42',
  time: '2026-03-04T05:06:07.000Z',
  event: { action: 'update' as const, scope: 'repo.content' as const },
  repo: {
    type: 'dataset' as const,
    name: 'acme/squad',
    id: '65f000000000000000000001',
    private: true,
    owner: { id: 'org-1', name: 'acme' },
  },
};

describe('repo.changed v1', () => {
  it('is keyed by repository id and carries the event id and time in its envelope', () => {
    const message = repoChangedMessage(event);
    expect(message.key).toBe('65f000000000000000000001');
    expect(JSON.parse(message.value)).toEqual({
      id: 'evt-42',
      type: 'repo.changed',
      version: 1,
      time: '2026-03-04T05:06:07.000Z',
      data: event,
    });
    expect(message.headers).toEqual({
      'gatehouse-event-id': 'evt-42',
      'gatehouse-event-type': 'repo.changed',
      'gatehouse-event-version': '1',
    });
  });

  it('decodes back to the event', () => {
    expect(repoChangedEvent.decode(repoChangedMessage(event)).data).toEqual(event);
  });

  it('refuses invalid data at the consumer', () => {
    const value = JSON.stringify({
      id: 'x',
      type: 'repo.changed',
      version: 1,
      time: event.time,
      data: { ...event, repo: { ...event.repo, type: 'notebook' } },
    });
    expect(() => repoChangedEvent.decode({ value })).toThrow(InvalidEventError);
  });

  it('refuses a version it does not read', () => {
    const value = JSON.stringify({
      id: 'x',
      type: 'repo.changed',
      version: 2,
      time: event.time,
      data: event,
    });
    expect(() => repoChangedEvent.decode({ value })).toThrow(
      expect.objectContaining({ reason: 'unknown_version' }),
    );
  });
});
