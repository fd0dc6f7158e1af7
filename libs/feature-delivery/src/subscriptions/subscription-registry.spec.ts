import { FrozenClock } from '@gatehouse/domain/testing';
import {
  FakeMembershipSource,
  FakeWebhookDirectory,
  ORG,
  OWNER,
  urlWebhook,
} from '../testing/fakes';
import { MembershipCache } from './membership-cache';
import { SubscriptionRegistry } from './subscription-registry';

const event = (overrides: { private?: boolean; ownerId?: string; scope?: string } = {}) => ({
  event: { scope: overrides.scope ?? 'repo.content' },
  repo: {
    type: 'model' as const,
    name: 'openai-community/gpt2',
    private: overrides.private ?? false,
    owner: { id: overrides.ownerId ?? ORG, name: 'openai-community' },
  },
});

const T0 = Date.UTC(2026, 0, 1, 12);
const FRESHNESS = { clockSkewMs: 1_000, overlapMs: 30_000 };

async function setup(detailsHeld?: number) {
  const clock = new FrozenClock(T0);
  const directory = new FakeWebhookDirectory();
  directory.time = T0 - 60_000;
  const memberships = new FakeMembershipSource();
  const access = new MembershipCache(memberships);
  const stopped: string[] = [];
  const registry = new SubscriptionRegistry(
    directory,
    access,
    { webhookStopped: async (id) => void stopped.push(id) },
    { clock, freshness: FRESHNESS, detailsHeld },
  );
  return { clock, directory, memberships, access, stopped, registry };
}

describe('SubscriptionRegistry', () => {
  it('matches from the table snapshot without reading again', async () => {
    const { directory, registry } = await setup();
    const watching = directory.put(urlWebhook());
    directory.put(urlWebhook({ watched: [{ type: 'dataset', name: 'openai-community/gpt2' }] }));
    directory.put(urlWebhook({ disabled: true }));
    directory.put(urlWebhook({ domains: ['discussion'] }));
    await registry.loadAll();
    const reads = directory.reads;
    expect(registry.match(event()).map((webhook) => webhook.webhookId)).toEqual([watching.id]);
    expect(directory.reads).toBe(reads);
  });

  it('reaches private repositories only through owners who can read them', async () => {
    const { directory, memberships, access, registry } = await setup();
    const member = directory.put(
      urlWebhook({ watched: [{ type: 'org', name: 'openai-community' }] }),
    );
    directory.put(
      urlWebhook({
        ownerId: 'eeeeeeeeeeeeeeeeeeeeeeee',
        watched: [{ type: 'org', name: 'openai-community' }],
      }),
    );
    memberships.memberships.set(OWNER, new Set([ORG]));
    await access.reload();
    await registry.loadAll();
    expect(registry.match(event({ private: true })).map((webhook) => webhook.webhookId)).toEqual([
      member.id,
    ]);
    expect(registry.match(event({ private: false }))).toHaveLength(2);
  });

  it('follows a change by reading the row, and skips a revision it already holds', async () => {
    const { directory, registry, stopped } = await setup();
    const webhook = directory.put(urlWebhook());
    await registry.loadAll();
    directory.put({ ...webhook, revision: 2, disabled: true });
    await registry.refresh(webhook.id, 2);
    expect(registry.match(event())).toEqual([]);
    expect(stopped).toEqual([webhook.id]);

    const reads = directory.reads;
    await registry.refresh(webhook.id, 2);
    await registry.refresh(webhook.id, 1);
    expect(directory.reads).toBe(reads);
  });

  it('forgets a deleted webhook and cancels its deliveries', async () => {
    const { directory, registry, stopped } = await setup();
    const webhook = directory.put(urlWebhook());
    await registry.loadAll();
    directory.rows.delete(webhook.id);
    await registry.refresh(webhook.id, 5);
    expect(registry.size).toBe(0);
    expect(stopped).toEqual([webhook.id]);
  });

  it('deliverable() confirms a webhook it does not hold as enabled against the table', async () => {
    const { directory, registry, stopped } = await setup();
    await registry.loadAll();
    const created = directory.put(urlWebhook({ url: 'https://new.example/hook' }));
    await expect(registry.deliverable(created.id)).resolves.toMatchObject({
      id: created.id,
      target: { kind: 'url', url: 'https://new.example/hook' },
    });
    expect(registry.match(event()).map((webhook) => webhook.webhookId)).toEqual([created.id]);
    await expect(registry.deliverable('ffffffffffffffffffffffff')).resolves.toBeNull();
    expect(stopped).toEqual(['ffffffffffffffffffffffff']);
  });

  describe('holding only what matching reads', () => {
    it("reads a matched webhook's URL and secrets once, when its attempts ask, however many ask together", async () => {
      const { directory, registry } = await setup();
      const webhook = directory.put(urlWebhook({ url: 'https://receiver.example/hook' }));
      await registry.loadAll();
      const reads = directory.reads;
      expect(registry.match(event())).toEqual([
        expect.objectContaining({ webhookId: webhook.id, targetKind: 'url' }),
      ]);
      expect(registry.match(event())[0]).not.toHaveProperty('target');
      const asked = await Promise.all(
        Array.from({ length: 5 }, () => registry.deliverable(webhook.id)),
      );
      expect(asked.map((held) => held?.target)).toEqual(
        Array.from({ length: 5 }, () => ({ kind: 'url', url: 'https://receiver.example/hook' })),
      );
      expect(directory.reads - reads).toBe(1);
      await registry.deliverable(webhook.id);
      expect(directory.reads - reads).toBe(1);
    });

    it('reads the rows of the webhooks asked for together in one statement, leaving out the deleted', async () => {
      const { directory, registry, stopped } = await setup();
      const [a, b, gone] = [urlWebhook(), urlWebhook(), urlWebhook()].map((webhook) =>
        directory.put(webhook),
      );
      await registry.loadAll();
      directory.rows.delete(gone!.id);
      const reads = directory.reads;
      const asked = await Promise.all(
        [a, b, gone, a].map((webhook) => registry.deliverable(webhook!.id)),
      );
      expect(asked.map((held) => held?.id ?? null)).toEqual([a!.id, b!.id, null, a!.id]);
      expect(directory.reads - reads).toBe(1);
      expect(directory.loads.at(-1)!.sort()).toEqual([a!.id, b!.id, gone!.id].sort());
      expect(stopped).toEqual([gone!.id]);
      expect(
        registry
          .match(event())
          .map((webhook) => webhook.webhookId)
          .sort(),
      ).toEqual([a!.id, b!.id].sort());
    });

    it('keeps the rows of the webhooks delivered to most recently, as many as it is told', async () => {
      const { directory, registry } = await setup(2);
      const [a, b, c] = [urlWebhook(), urlWebhook(), urlWebhook()].map((webhook) =>
        directory.put(webhook),
      );
      await registry.loadAll();
      const reads = directory.reads;
      for (const webhook of [a, b, c]) await registry.deliverable(webhook!.id);
      expect(directory.reads - reads).toBe(3);
      await registry.deliverable(c!.id);
      await registry.deliverable(b!.id);
      expect(directory.reads - reads).toBe(3);
      await expect(registry.deliverable(a!.id)).resolves.toMatchObject({ id: a!.id });
      expect(directory.reads - reads).toBe(4);
    });

    it('delivers to the URL of the change it followed, without reading the row again', async () => {
      const { directory, registry } = await setup();
      const webhook = directory.put(urlWebhook({ url: 'https://old.example/hook' }));
      await registry.loadAll();
      await registry.deliverable(webhook.id);
      directory.put({
        ...webhook,
        revision: 2,
        target: { kind: 'url', url: 'https://new.example/hook' },
      });
      await registry.refresh(webhook.id, 2);
      const reads = directory.reads;
      await expect(registry.deliverable(webhook.id)).resolves.toMatchObject({
        target: { url: 'https://new.example/hook' },
      });
      expect(directory.reads).toBe(reads);
    });
  });

  describe('reading through to the table for events newer than the index', () => {
    it('an event that entered the bus after the index was read finds a webhook whose change event has not arrived', async () => {
      const { clock, directory, registry } = await setup();
      await registry.loadAll();
      clock.advance(200);
      directory.time = clock.now();
      const created = directory.put(urlWebhook());
      clock.advance(50);
      expect(registry.match(event())).toEqual([]);
      await registry.catchUpTo(clock.now() - 10);
      expect(registry.match(event()).map((webhook) => webhook.webhookId)).toEqual([created.id]);
      expect(directory.changeReads).toEqual([new Date(T0 - FRESHNESS.overlapMs)]);
    });

    it('reads nothing for an event older than the last read by more than the clock skew', async () => {
      const { clock, directory, registry } = await setup();
      await registry.loadAll();
      clock.advance(5_000);
      await registry.catchUpTo(T0 - 1_001);
      expect(directory.changeReads).toEqual([]);
      await registry.catchUpTo(T0 - 1_000);
      expect(directory.changeReads).toHaveLength(1);
      // That read started at T0 + 5 s: events up to 4 s later are covered by it.
      await registry.catchUpTo(T0 + 3_999);
      expect(directory.changeReads).toHaveLength(1);
    });

    it('events arriving while a read is in flight share the next read', async () => {
      const { clock, directory, registry } = await setup();
      await registry.loadAll();
      let release = () => undefined as void;
      directory.gate = new Promise<void>((resolve) => (release = resolve));
      const first = registry.catchUpTo(clock.now());
      clock.advance(1);
      const later = [
        registry.catchUpTo(clock.now()),
        registry.catchUpTo(clock.now()),
        registry.catchUpTo(clock.now()),
      ];
      release();
      await Promise.all([first, ...later]);
      expect(directory.changeReads).toHaveLength(2);
    });

    it('reloads only rows newer than the revision it holds, and applies a disable found on the way', async () => {
      const { clock, directory, registry, stopped } = await setup();
      const kept = directory.put(urlWebhook());
      const disabled = directory.put(urlWebhook());
      await registry.loadAll();
      clock.advance(100);
      directory.time = clock.now();
      directory.put(kept);
      directory.put({ ...disabled, revision: 2, disabled: true });
      const reads = directory.reads;
      await registry.catchUpTo(clock.now());
      expect(directory.reads - reads).toBe(1);
      expect(stopped).toEqual([disabled.id]);
      expect(registry.match(event()).map((webhook) => webhook.webhookId)).toEqual([kept.id]);
    });
  });
});
