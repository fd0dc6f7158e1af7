import { Topics } from '@gatehouse/messaging';
import { ALICE_ID, BOB_ID, personalPrincipal, principalOfKind } from '../testing/principals';
import { createWebhooksTestKit, failure, type WebhooksTestKit } from '../testing/webhooks-test-kit';

const WATCHED = [{ type: 'org', name: 'HuggingFaceH4' }];

describe('reading, enabling, disabling and deleting webhooks', () => {
  let kit: WebhooksTestKit;
  let id: string;
  const alice = personalPrincipal();
  const bob = personalPrincipal(BOB_ID);

  beforeEach(async () => {
    kit = createWebhooksTestKit();
    ({ id } = await kit.create.execute(alice, {
      watched: WATCHED,
      url: 'https://hooks.example.com/a',
    }));
  });

  it("lists the caller's webhooks only, oldest first", async () => {
    kit.clock.advance(1000);
    const second = await kit.create.execute(alice, {
      watched: WATCHED,
      url: 'https://hooks.example.com/b',
    });
    await kit.create.execute(bob, { watched: WATCHED, url: 'https://hooks.example.com/bob' });
    expect((await kit.list.execute(alice)).map((view) => view.id)).toEqual([id, second.id]);
    expect((await kit.list.execute(bob)).map((view) => view.url)).toEqual([
      'https://hooks.example.com/bob',
    ]);
  });

  describe('the webhook secret', () => {
    beforeEach(async () => {
      await kit.update.execute(alice, id, { watched: [], secret: 's3cret!' });
    });

    it.each([
      ['a write token', personalPrincipal(ALICE_ID, 'write')],
      ['the browser session', principalOfKind('session')],
      ['an OAuth token with the webhooks scope', principalOfKind('oauth')],
    ])('is shown to %s, which may change the webhook', async (_case, principal) => {
      expect((await kit.get.execute(principal, id)).secret).toBe('s3cret!');
      expect((await kit.list.execute(principal)).map((view) => view.secret)).toEqual(['s3cret!']);
    });

    it('is left out for a read token, which reads everything else', async () => {
      const reader = personalPrincipal(ALICE_ID, 'read');
      const views = [await kit.get.execute(reader, id), ...(await kit.list.execute(reader))];
      for (const view of views) {
        expect(view).not.toHaveProperty('secret');
        expect(view).toMatchObject({
          id,
          url: 'https://hooks.example.com/a',
          watched: WATCHED,
          disabled: false,
        });
      }
    });
  });

  it("gets the caller's webhook, and answers 404 for another user's", async () => {
    expect((await kit.get.execute(alice, id)).id).toBe(id);
    expect(await failure(() => kit.get.execute(bob, id))).toMatchObject({ code: 'not_found' });
  });

  it('disables then enables, publishing each change with a growing revision', async () => {
    expect((await kit.states.execute(alice, id, true)).disabled).toBe(true);
    expect((await kit.states.execute(alice, id, false)).disabled).toBe(false);
    const events = kit.repository.envelopes(Topics.webhookChanged);
    expect(events.map((event) => (event.data.webhook as { disabled: boolean }).disabled)).toEqual([
      false,
      true,
      false,
    ]);
    expect(
      kit.repository.outbox.map((message) => message.headers!['gatehouse-webhook-revision']),
    ).toEqual(['1', '2', '3']);
  });

  it('changes nothing when the webhook is already in the asked state', async () => {
    const view = await kit.states.execute(alice, id, false);
    expect(view.disabled).toBe(false);
    expect(kit.repository.outbox).toHaveLength(1);
    expect(kit.repository.rows.get(id)!.revision).toBe(1);
  });

  it('clears the reason of an automatic disable on enable', async () => {
    const row = kit.repository.rows.get(id)!;
    kit.repository.rows.set(id, { ...row, disabled: true, disabledReason: 'failing for 5 days' });
    const view = await kit.states.execute(alice, id, false);
    expect(view).toMatchObject({ disabled: false, disabledReason: null });
  });

  it("answers 404 when enabling or disabling another user's webhook", async () => {
    expect(await failure(() => kit.states.execute(bob, id, true))).toMatchObject({
      code: 'not_found',
    });
    expect(kit.repository.rows.get(id)!.disabled).toBe(false);
  });

  it('deletes permanently and publishes a deleted event with the next revision', async () => {
    await kit.remove.execute(alice, id);
    expect(kit.repository.rows.has(id)).toBe(false);
    expect(await failure(() => kit.get.execute(alice, id))).toMatchObject({ code: 'not_found' });
    const deleted = kit.repository.envelopes(Topics.webhookChanged)[1]!;
    expect(deleted.data).toEqual({ change: 'deleted', webhookId: id, ownerId: ALICE_ID });
    expect(kit.repository.outbox[1]).toMatchObject({
      key: id,
      headers: { 'gatehouse-webhook-revision': '2' },
    });
    expect(await failure(() => kit.remove.execute(alice, id))).toMatchObject({ code: 'not_found' });
  });

  it("answers 404 when deleting another user's webhook and keeps it", async () => {
    expect(await failure(() => kit.remove.execute(bob, id))).toMatchObject({ code: 'not_found' });
    expect(kit.repository.rows.has(id)).toBe(true);
  });
});
