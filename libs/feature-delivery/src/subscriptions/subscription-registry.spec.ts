import { FakeMembershipSource, FakeWebhookDirectory, ORG, OWNER, urlWebhook } from '../__tests__/fakes';
import { MembershipCache } from './membership-cache';
import { SubscriptionRegistry } from './subscription-registry';

const event = (overrides: { private?: boolean; ownerId?: string; scope?: string } = {}) => ({
  event: { scope: overrides.scope ?? 'repo.content' },
  repo: { type: 'model' as const, name: 'openai-community/gpt2', private: overrides.private ?? false, owner: { id: overrides.ownerId ?? ORG, name: 'openai-community' } },
});

async function setup() {
  const directory = new FakeWebhookDirectory();
  const memberships = new FakeMembershipSource();
  const access = new MembershipCache(memberships);
  const stopped: string[] = [];
  const registry = new SubscriptionRegistry(directory, access, { webhookStopped: async (id) => void stopped.push(id) });
  return { directory, memberships, access, stopped, registry };
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
    expect(registry.match(event()).map((webhook) => webhook.id)).toEqual([watching.id]);
    expect(directory.reads).toBe(reads);
  });

  it('reaches private repositories only through owners who can read them', async () => {
    const { directory, memberships, access, registry } = await setup();
    const member = directory.put(urlWebhook({ watched: [{ type: 'org', name: 'openai-community' }] }));
    directory.put(urlWebhook({ ownerId: 'eeeeeeeeeeeeeeeeeeeeeeee', watched: [{ type: 'org', name: 'openai-community' }] }));
    memberships.memberships.set(OWNER, new Set([ORG]));
    await access.reload();
    await registry.loadAll();
    expect(registry.match(event({ private: true })).map((webhook) => webhook.id)).toEqual([member.id]);
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
    await expect(registry.deliverable(created.id)).resolves.toMatchObject({ id: created.id, target: { kind: 'url', url: 'https://new.example/hook' } });
    expect(registry.match(event()).map((webhook) => webhook.id)).toEqual([created.id]);
    await expect(registry.deliverable('ffffffffffffffffffffffff')).resolves.toBeNull();
    expect(stopped).toEqual(['ffffffffffffffffffffffff']);
  });
});
