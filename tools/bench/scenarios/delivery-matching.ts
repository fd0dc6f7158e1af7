import { type MatchableEvent, type Subscription, SubscriptionIndex } from '@gatehouse/domain';
import { performance } from 'node:perf_hooks';

const MATCHES = 200_000;

/**
 * Microseconds to match one event (the bench's: a public model of organization `acme`) in an
 * index holding `size` webhooks that each watch a model of an owner of their own, plus one
 * watching `acme`: the lookups the worker makes for every event.
 */
export function matchMicros(size: number): number {
  const index = new SubscriptionIndex();
  const subscription = (webhookId: string, name: string, type: 'model' | 'org'): Subscription => ({
    webhookId,
    ownerId: 'owner',
    watched: [{ type, name }],
    domains: ['repo'],
    disabled: false,
    revision: 1,
  });
  for (let n = 1; n <= size; n += 1)
    index.upsert(subscription(`w${n}`, `bench-owner-${n}/model`, 'model'));
  index.upsert(subscription('acme', 'acme', 'org'));
  const event = (n: number): MatchableEvent => ({
    event: { scope: 'repo.content' },
    repo: {
      type: 'model',
      name: `acme/model-${n % 100}`,
      private: false,
      owner: { id: 'acme-id', name: 'acme' },
    },
  });
  const events = Array.from({ length: 100 }, (_, n) => event(n));
  const access = { canRead: () => true };
  let matched = 0;
  for (let n = 0; n < 10_000; n += 1) matched += index.match(events[n % 100]!, access).length;
  const started = performance.now();
  for (let n = 0; n < MATCHES; n += 1) matched += index.match(events[n % 100]!, access).length;
  const micros = ((performance.now() - started) * 1000) / MATCHES;
  if (matched !== 10_000 + MATCHES)
    throw new Error(`expected every event to match the acme webhook once, matched ${matched}`);
  return micros;
}
