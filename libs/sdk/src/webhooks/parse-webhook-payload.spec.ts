import { pullRequestOpenedPayload, repoUpdatePayload } from '../testing/webhook-payload.fixture';
import { parseWebhookPayload } from './parse-webhook-payload';
import { WebhookPayloadError } from './webhook-payload.error';

const parse = (value: unknown) => parseWebhookPayload(Buffer.from(JSON.stringify(value)));

function reasonFor(value: unknown): string {
  try {
    parse(value);
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookPayloadError);
    return (error as Error).message;
  }
  throw new Error('expected the payload to be refused');
}

describe('parseWebhookPayload', () => {
  it('accepts a repo update and a pull-request payload unchanged', () => {
    expect(parse(repoUpdatePayload())).toEqual(repoUpdatePayload());
    expect(parse(pullRequestOpenedPayload())).toEqual(pullRequestOpenedPayload());
  });

  it('keeps keys it does not know', () => {
    const payload = parse(
      repoUpdatePayload({ updatedConfig: { private: true, xetEnabled: true }, futureField: [1] }),
    );
    expect(payload.updatedConfig).toEqual({ private: true, xetEnabled: true });
    expect((payload as unknown as Record<string, unknown>).futureField).toEqual([1]);
  });

  it('accepts a hidden comment without content and refs with null shas', () => {
    const payload = pullRequestOpenedPayload();
    payload.comment = { ...(payload.comment as object), hidden: true, content: undefined };
    payload.updatedRefs = [
      { ref: 'refs/pr/7', oldSha: null, newSha: 'abc' },
      { ref: 'refs/tags/v1', oldSha: 'def', newSha: null },
    ];
    expect(parse(payload).updatedRefs).toHaveLength(2);
  });

  it.each([
    [
      repoUpdatePayload({ webhook: { id: 'w', version: 2 } }),
      'Invalid webhook payload: payload.webhook.version: expected one of 3',
    ],
    [
      repoUpdatePayload({ event: { action: 'explode', scope: 'repo' } }),
      'payload.event.action: expected one of "create", "delete", "move", "update"',
    ],
    [repoUpdatePayload({ repo: undefined }), 'payload.repo: expected an object'],
    [
      repoUpdatePayload({ repo: { ...(repoUpdatePayload().repo as object), private: 'no' } }),
      'payload.repo.private: expected a boolean',
    ],
    [
      repoUpdatePayload({ updatedRefs: [{ ref: 'refs/heads/main', oldSha: 1, newSha: null }] }),
      'payload.updatedRefs[0].oldSha: expected a string',
    ],
    [
      {
        ...pullRequestOpenedPayload(),
        discussion: { ...(pullRequestOpenedPayload().discussion as object), num: 1.5 },
      },
      'payload.discussion.num: expected an integer',
    ],
    [[], 'payload: expected an object'],
  ])('refuses %#: %s', (payload, reason) => {
    expect(reasonFor(payload)).toContain(reason);
  });

  it('refuses a body that is not JSON', () => {
    expect(() => parseWebhookPayload(Buffer.from('{"event":'))).toThrow(
      new WebhookPayloadError('The request body is not valid JSON.'),
    );
  });
});
