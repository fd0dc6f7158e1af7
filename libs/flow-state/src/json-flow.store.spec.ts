import { FrozenClock } from '@gatehouse/domain/testing';
import { z } from 'zod';
import { JsonFlowStore } from './json-flow.store';
import { MemoryFlowStore } from './in-memory-flow.store';

const deviceCodeSchema = z.object({
  clientId: z.string(),
  userCode: z.string().length(9),
  status: z.enum(['pending', 'approved', 'denied']),
});
type DeviceCode = z.infer<typeof deviceCodeSchema>;

const pending: DeviceCode = { clientId: 'app-1', userCode: 'WDJB-MJHT', status: 'pending' };

describe('JsonFlowStore', () => {
  let clock: FrozenClock;
  let store: MemoryFlowStore;
  let deviceCodes: JsonFlowStore<DeviceCode>;

  beforeEach(() => {
    clock = new FrozenClock();
    store = new MemoryFlowStore({ clock });
    deviceCodes = new JsonFlowStore(store, 'device-code:', deviceCodeSchema);
  });

  afterEach(() => store.close());

  it('stores records as JSON under its namespace', async () => {
    await deviceCodes.put('dc1', pending, 900_000);
    expect(JSON.parse((await store.get('device-code:dc1'))!)).toEqual(pending);
    expect(await deviceCodes.get('dc1')).toEqual(pending);
    expect(await deviceCodes.ttl('dc1')).toBe(900_000);
  });

  it('takes a record once', async () => {
    await deviceCodes.put('dc1', pending, 1000);
    expect(await deviceCodes.take('dc1')).toEqual(pending);
    expect(await deviceCodes.take('dc1')).toBeNull();
  });

  it('replaces a live record keeping its expiry, and refuses an expired one', async () => {
    await deviceCodes.put('dc1', pending, 1000);
    clock.advance(400);
    expect(await deviceCodes.replace('dc1', { ...pending, status: 'approved' })).toBe(true);
    expect(await deviceCodes.get('dc1')).toEqual({ ...pending, status: 'approved' });
    expect(await deviceCodes.ttl('dc1')).toBe(600);
    clock.advance(600);
    expect(await deviceCodes.replace('dc1', pending)).toBe(false);
  });

  it('writes only when absent with putIfAbsent, and deletes', async () => {
    expect(await deviceCodes.putIfAbsent('dc1', pending, 1000)).toBe(true);
    expect(await deviceCodes.putIfAbsent('dc1', { ...pending, status: 'denied' }, 1000)).toBe(
      false,
    );
    await deviceCodes.delete('dc1');
    expect(await deviceCodes.get('dc1')).toBeNull();
  });

  it('takes a record and leaves a schema-checked marker in another view, once', async () => {
    const markers = new JsonFlowStore(store, 'device-code-used:', z.object({ by: z.string() }));
    await deviceCodes.put('dc1', pending, 1000);
    expect(await deviceCodes.takeAndMark('dc1', markers, 'dc1', { by: 'alice' }, 5000)).toBe(true);
    expect(await deviceCodes.get('dc1')).toBeNull();
    expect(await markers.get('dc1')).toEqual({ by: 'alice' });
    expect(await markers.ttl('dc1')).toBe(5000);
    expect(await deviceCodes.takeAndMark('dc1', markers, 'dc1', { by: 'bob' }, 5000)).toBe(false);
    expect(await markers.get('dc1')).toEqual({ by: 'alice' });
  });

  it('refuses a marker that breaks its schema, and a marker view on another store', async () => {
    const markers = new JsonFlowStore(store, 'device-code-used:', z.object({ by: z.string() }));
    await deviceCodes.put('dc1', pending, 1000);
    await expect(
      deviceCodes.takeAndMark('dc1', markers, 'dc1', { by: 7 } as never, 5000),
    ).rejects.toThrow();
    const elsewhere = new MemoryFlowStore({ clock });
    const foreign = new JsonFlowStore(elsewhere, 'device-code-used:', z.object({ by: z.string() }));
    await expect(
      deviceCodes.takeAndMark('dc1', foreign, 'dc1', { by: 'alice' }, 5000),
    ).rejects.toThrow(/same flow store/);
    await elsewhere.close();
    expect(await deviceCodes.get('dc1')).toEqual(pending);
  });

  it('refuses to write a record that breaks the schema', async () => {
    const broken = { ...pending, userCode: 'short' };
    await expect(deviceCodes.put('dc1', broken, 1000)).rejects.toThrow(z.ZodError);
    expect(await store.get('device-code:dc1')).toBeNull();
  });

  it.each([['not json'], ['{"clientId":"app-1"}'], ['null']])(
    'reads the unusable stored value %p as absent',
    async (raw) => {
      await store.put('device-code:dc1', raw, 1000);
      expect(await deviceCodes.get('dc1')).toBeNull();
      expect(await deviceCodes.take('dc1')).toBeNull();
      expect(await store.get('device-code:dc1')).toBeNull();
    },
  );
});
