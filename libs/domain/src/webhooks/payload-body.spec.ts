import { buildPayloadV3 } from './payload';
import { payloadBody } from './payload-body';

const event = {
  id: 'evt-1',
  time: '2026-01-01T00:00:00Z',
  event: { action: 'create' as const, scope: 'discussion' as const },
  repo: {
    type: 'model' as const,
    name: 'acme/bert',
    id: 'r1',
    private: false,
    owner: { id: 'o1', name: 'acme' },
    headSha: 'a'.repeat(40),
  },
  discussion: {
    id: 'd1',
    num: 3,
    title: 'Fix',
    status: 'open' as const,
    isPullRequest: true,
    author: { id: 'u1' },
    changes: { base: 'refs/heads/main' },
  },
  comment: { id: 'c1', author: { id: 'u1' }, content: 'hi', hidden: false },
  updatedRefs: [{ ref: 'refs/heads/main', oldSha: null, newSha: 'b'.repeat(40) }],
};

/** What PostgreSQL's jsonb does to key order: shorter keys first, then bytewise. */
function jsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbOrder);
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  return Object.fromEntries(
    keys.map((key) => [key, jsonbOrder((value as Record<string, unknown>)[key])]),
  );
}

describe('payloadBody', () => {
  it('sends a payload read back from jsonb byte for byte as the first attempt did', () => {
    const payload = buildPayloadV3(
      event,
      { id: 'w1' },
      { publicBaseUrl: 'https://hub.example' },
    ) as unknown as Record<string, unknown>;
    const firstAttempt = JSON.stringify(payload);
    const stored = jsonbOrder(payload) as Record<string, unknown>;
    expect(JSON.stringify(stored)).not.toBe(firstAttempt);
    expect(payloadBody(stored)).toBe(firstAttempt);
  });

  it('keeps keys it does not know, after the known ones', () => {
    expect(
      payloadBody({
        webhook: { version: 3, id: 'w' },
        extra: 1,
        event: { scope: 'repo', action: 'update' },
      }),
    ).toBe(
      '{"event":{"action":"update","scope":"repo"},"webhook":{"id":"w","version":3},"extra":1}',
    );
  });
});
