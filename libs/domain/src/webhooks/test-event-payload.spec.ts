import { payloadBody } from './payload-body';
import { buildTestEventPayload } from './test-event-payload';
import type { WatchedItem } from './watched-item';

const OPTIONS = { publicBaseUrl: 'https://hub.example/' };

function aWebhook(watched: WatchedItem[]) {
  return { id: 'aaaaaaaaaaaaaaaaaaaaaaa1', ownerId: 'bbbbbbbbbbbbbbbbbbbbbbb2', watched };
}

describe('buildTestEventPayload', () => {
  it.each([
    [
      'the first watched repository',
      [
        { type: 'org', name: 'acme' },
        { type: 'dataset', name: 'acme/data' },
      ],
      { type: 'dataset', name: 'acme/data', web: 'https://hub.example/datasets/acme/data' },
    ],
    [
      'a test-event model of the watched user or organization',
      [{ type: 'user', name: 'alice' }],
      { type: 'model', name: 'alice/test-event', web: 'https://hub.example/alice/test-event' },
    ],
  ] as const)('names %s', (_label, watched, expected) => {
    const payload = buildTestEventPayload(aWebhook([...watched]), OPTIONS);
    expect(payload.event).toEqual({ action: 'update', scope: 'ping' });
    expect(payload.repo).toMatchObject({
      type: expected.type,
      name: expected.name,
      id: '000000000000000000000000',
      private: false,
      url: { web: expected.web },
      owner: { id: 'bbbbbbbbbbbbbbbbbbbbbbb2' },
    });
    expect(payload.webhook).toEqual({ id: 'aaaaaaaaaaaaaaaaaaaaaaa1', version: 3 });
  });

  it('is sent in the key order of every payload', () => {
    const payload = buildTestEventPayload(
      aWebhook([{ type: 'model', name: 'acme/bert' }]),
      OPTIONS,
    );
    expect(payloadBody(JSON.parse(JSON.stringify(payload)))).toBe(JSON.stringify(payload));
  });
});
