import { waitUntil } from '@gatehouse/testing';
import { FlowCounterError, type FlowStore } from './flow.store';

/**
 * One store under test, and how to let time pass for it: a frozen clock moved on, or, for a
 * server keeping its own clock, a wait until that clock has passed `ms` (a key put for `ms`
 * after the keys under test has expired), never a sleep of our own.
 */
interface FlowStoreSubject {
  store: FlowStore;
  advance(ms: number): Promise<void>;
}

/** Stores made with the same prefix must see the same keys (for Redis: separate connections). */
export type FlowStoreFactory = (keyPrefix: string) => Promise<FlowStoreSubject>;

// Real Redis TTLs under a second keep the suite fast. No check depends on how long a call takes,
// so a loaded machine cannot fail one: a key that must expire has the short TTL and is looked at
// once advance() has let more than that pass; a key that must still be there has a TTL a minute
// long (LIVE); a remaining TTL right after setting it is no less than the TTL less the time the
// calls took, as timed around them; and a write that must not extend a TTL leaves it no longer
// than it was just before.
const TTL = 600;
const PAST_TTL = 750;
const LIVE = 60_000;

/** Runs `write`, then reads the key's remaining TTL; returns it with the time both calls took. */
async function ttlAfter(
  store: FlowStore,
  key: string,
  write: () => Promise<unknown>,
): Promise<{ remaining: number | null; tookMs: number }> {
  const started = Date.now();
  await write();
  const remaining = await store.ttl(key);
  return { remaining, tookMs: Date.now() - started };
}

/** A TTL set to `ttl` a moment ago: whole but for the time the calls took (and a millisecond of rounding). */
function expectFresh(
  { remaining, tookMs }: { remaining: number | null; tookMs: number },
  ttl: number,
) {
  expect(remaining).toBeGreaterThanOrEqual(ttl - tookMs - 1);
  expect(remaining).toBeLessThanOrEqual(ttl);
}

let suiteCounter = 0;

/**
 * The behaviour every FlowStore adapter promises, run against each (memory in the unit tier,
 * Redis in the integration tier). Each test gets its own key prefix.
 */
export function describeFlowStoreContract(name: string, factory: FlowStoreFactory): void {
  describe(`${name} (FlowStore contract)`, () => {
    const opened: FlowStore[] = [];
    let testPrefix = '';

    async function open(prefix = testPrefix): Promise<FlowStoreSubject> {
      const subject = await factory(prefix);
      opened.push(subject.store);
      return subject;
    }

    beforeEach(() => {
      suiteCounter += 1;
      testPrefix = `contract-${suiteCounter}:`;
    });

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    it('answers ping', async () => {
      const { store } = await open();
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('reads back what was put, and nothing for keys never written', async () => {
      const { store } = await open();
      await store.put('code', 'value-1', LIVE);
      expect(await store.get('code')).toBe('value-1');
      expect(await store.get('missing')).toBeNull();
      expect(await store.ttl('missing')).toBeNull();
    });

    it('expires a key after its TTL', async () => {
      const { store, advance } = await open();
      expectFresh(await ttlAfter(store, 'code', () => store.put('code', 'v', TTL)), TTL);
      await advance(PAST_TTL);
      expect(await store.get('code')).toBeNull();
      expect(await store.ttl('code')).toBeNull();
      expect(await store.take('code')).toBeNull();
    });

    it('put replaces both the value and the TTL', async () => {
      const { store, advance } = await open();
      await store.put('k', 'old', TTL);
      expectFresh(await ttlAfter(store, 'k', () => store.put('k', 'new', LIVE)), LIVE);
      await advance(PAST_TTL);
      expect(await store.get('k')).toBe('new');
    });

    it('take returns the value once and deletes it', async () => {
      const { store } = await open();
      await store.put('code', 'secret', LIVE);
      expect(await store.take('code')).toBe('secret');
      expect(await store.take('code')).toBeNull();
      expect(await store.get('code')).toBeNull();
    });

    it('take hands the value to exactly one of 50 concurrent takers on several connections', async () => {
      const subjects = await Promise.all([open(), open(), open(), open(), open()]);
      await subjects[0].store.put('device-code', 'tokens', LIVE);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          subjects[i % subjects.length].store.take('device-code'),
        ),
      );
      expect(results.filter((result) => result === 'tokens')).toHaveLength(1);
      expect(results.filter((result) => result === null)).toHaveLength(49);
    });

    it('takeAndMark takes the value once and leaves the marker with its TTL', async () => {
      const { store } = await open();
      await store.put('code', 'record', LIVE);
      expectFresh(
        await ttlAfter(store, 'redeemed', async () =>
          expect(await store.takeAndMark('code', 'redeemed', 'grant-1', LIVE)).toBe('record'),
        ),
        LIVE,
      );
      expect(await store.get('code')).toBeNull();
      expect(await store.get('redeemed')).toBe('grant-1');
      expect(await store.takeAndMark('code', 'redeemed', 'grant-2', LIVE)).toBeNull();
      expect(await store.get('redeemed')).toBe('grant-1');
    });

    it('takeAndMark writes no marker for an absent or expired key', async () => {
      const { store, advance } = await open();
      expect(await store.takeAndMark('never', 'never-marker', 'm', LIVE)).toBeNull();
      expect(await store.get('never-marker')).toBeNull();
      await store.put('gone', 'x', TTL);
      await advance(PAST_TTL);
      expect(await store.takeAndMark('gone', 'gone-marker', 'm', LIVE)).toBeNull();
      expect(await store.get('gone-marker')).toBeNull();
    });

    it('takeAndMark expires its marker after the marker TTL', async () => {
      const { store, advance } = await open();
      await store.put('code', 'record', LIVE);
      expect(await store.takeAndMark('code', 'redeemed', 'grant-1', TTL)).toBe('record');
      await advance(PAST_TTL);
      expect(await store.get('redeemed')).toBeNull();
    });

    it('takeAndMark hands the value to exactly one of 50 concurrent takers, whose marker stays', async () => {
      const subjects = await Promise.all([open(), open(), open(), open(), open()]);
      await subjects[0].store.put('code', 'record', LIVE);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          subjects[i % subjects.length].store.takeAndMark('code', 'redeemed', `taker-${i}`, LIVE),
        ),
      );
      expect(results.filter((result) => result === 'record')).toHaveLength(1);
      expect(await subjects[0].store.get('redeemed')).toBe(`taker-${results.indexOf('record')}`);
    });

    it('putIfAbsent writes only when the key is absent', async () => {
      const { store, advance } = await open();
      expect(await store.putIfAbsent('k', 'first', LIVE)).toBe(true);
      expect(await store.putIfAbsent('k', 'second', LIVE)).toBe(false);
      expect(await store.get('k')).toBe('first');
      expect(await store.putIfAbsent('brief', 'first', TTL)).toBe(true);
      await advance(PAST_TTL);
      expect(await store.putIfAbsent('brief', 'again', LIVE)).toBe(true);
      expect(await store.get('brief')).toBe('again');
    });

    it('putIfAbsent lets exactly one of 50 concurrent writers win', async () => {
      const subjects = await Promise.all([open(), open(), open(), open(), open()]);
      const wins = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          subjects[i % subjects.length].store.putIfAbsent('lock', `writer-${i}`, LIVE),
        ),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect(await subjects[0].store.get('lock')).toBe(`writer-${wins.indexOf(true)}`);
    });

    it('replace overwrites a live key and keeps its TTL', async () => {
      const { store } = await open();
      await store.put('session', 'pending', LIVE);
      const before = (await store.ttl('session'))!;
      expect(await store.replace('session', 'approved')).toBe(true);
      expect(await store.get('session')).toBe('approved');
      expect(await store.ttl('session')).toBeLessThanOrEqual(before);
    });

    it('replace refuses an absent or expired key and does not create it', async () => {
      const { store, advance } = await open();
      expect(await store.replace('never', 'x')).toBe(false);
      expect(await store.get('never')).toBeNull();
      await store.put('gone', 'x', TTL);
      await advance(PAST_TTL);
      expect(await store.replace('gone', 'y')).toBe(false);
      expect(await store.get('gone')).toBeNull();
    });

    it('delete removes a key; deleting an absent key is fine', async () => {
      const { store } = await open();
      await store.put('k', 'v', LIVE);
      await store.delete('k');
      await store.delete('k');
      expect(await store.get('k')).toBeNull();
    });

    it('increment counts within a fixed window that later increments do not extend', async () => {
      const { store, advance } = await open();
      let first: number | undefined;
      expectFresh(
        await ttlAfter(store, 'hits', async () => (first = await store.increment('hits', LIVE))),
        LIVE,
      );
      expect(first).toBe(1);
      const window = (await store.ttl('hits'))!;
      expect(await store.increment('hits', LIVE)).toBe(2);
      expect(await store.increment('hits', LIVE)).toBe(3);
      expect(await store.ttl('hits')).toBeLessThanOrEqual(window);
      // A window that ran out starts over.
      expect(await store.increment('brief', TTL)).toBe(1);
      await advance(PAST_TTL);
      expect(await store.increment('brief', TTL)).toBe(1);
      expect(await store.get('brief')).toBe('1');
    });

    it('increment adds a given amount, starting the window when it creates the key', async () => {
      const { store } = await open();
      expectFresh(
        await ttlAfter(store, 'batch', async () =>
          expect(await store.increment('batch', LIVE, 5)).toBe(5),
        ),
        LIVE,
      );
      expect(await store.increment('batch', LIVE)).toBe(6);
      expect(await store.increment('batch', LIVE, 3)).toBe(9);
      await expect(store.increment('batch', LIVE, 0)).rejects.toThrow(RangeError);
      expect(await store.get('batch')).toBe('9');
    });

    it('increment counts every one of 50 concurrent hits', async () => {
      const subjects = await Promise.all([open(), open(), open(), open(), open()]);
      const counts = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          subjects[i % subjects.length].store.increment('burst', LIVE),
        ),
      );
      expect([...counts].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
    });

    it('increment refuses a key that does not hold a counter', async () => {
      const { store } = await open();
      await store.put('text', 'not a number', LIVE);
      await expect(store.increment('text', TTL)).rejects.toThrow(FlowCounterError);
    });

    it.each([0, -1, 1.5, Number.NaN])('refuses the TTL %p', async (ttl) => {
      const { store } = await open();
      await expect(store.put('k', 'v', ttl)).rejects.toThrow(RangeError);
      await expect(store.putIfAbsent('k', 'v', ttl)).rejects.toThrow(RangeError);
      await expect(store.increment('k', ttl)).rejects.toThrow(RangeError);
      await store.put('taken', 'v', LIVE);
      await expect(store.takeAndMark('taken', 'k', 'm', ttl)).rejects.toThrow(RangeError);
      expect(await store.get('taken')).toBe('v');
      expect(await store.get('k')).toBeNull();
    });

    it('keeps stores with different key prefixes apart', async () => {
      const { store: a } = await open(`${testPrefix}a:`);
      const { store: b } = await open(`${testPrefix}b:`);
      const { store: outer } = await open(testPrefix);
      await a.put('code', 'for-a', LIVE);
      await b.put('code', 'for-b', LIVE);
      expect(await a.get('code')).toBe('for-a');
      expect(await b.take('code')).toBe('for-b');
      expect(await a.get('code')).toBe('for-a');
      expect(await outer.get('code')).toBeNull();
      expect(await outer.get('a:code')).toBe('for-a');
      expect(await a.increment('n', LIVE)).toBe(1);
      expect(await b.increment('n', LIVE)).toBe(1);
    });

    it('hands a message to every listener of the channel of stores sharing keys, and to no other', async () => {
      const { store: first } = await open();
      const { store: second } = await open();
      const { store: other } = await open(`${testPrefix}other:`);
      const heard: Record<string, string[]> = { first: [], second: [], other: [] };
      const states: boolean[] = [];
      const stops = await Promise.all(
        (
          [
            ['first', first],
            ['second', second],
            ['other', other],
          ] as const
        ).map(([name, store]) =>
          store.channel('news').subscribe({
            message: (message) => heard[name]!.push(message),
            connected: (live) => states.push(live),
          }),
        ),
      );
      expect(states).toEqual([true, true, true]);
      await first.channel('news').publish('one');
      await second.channel('news').publish('two');
      await first.channel('elsewhere').publish('three');
      await waitUntil('both messages to reach both listeners', async () =>
        heard.first!.length === 2 && heard.second!.length === 2 ? true : false,
      );
      await other.channel('news').publish('last');
      await waitUntil('the other prefix to hear its own message', async () =>
        heard.other!.length > 0 ? true : false,
      );
      expect(heard).toEqual({ first: ['one', 'two'], second: ['one', 'two'], other: ['last'] });
      await Promise.all(stops.map((stop) => stop()));
      await first.channel('news').publish('unheard');
      await second.channel('news').publish('after');
      expect(heard.first).toEqual(['one', 'two']);
    });

    it('stores with the same prefix share keys', async () => {
      const { store: first } = await open();
      const { store: second } = await open();
      await first.put('shared', 'v', LIVE);
      expect(await second.take('shared')).toBe('v');
      expect(await first.get('shared')).toBeNull();
    });
  });
}
