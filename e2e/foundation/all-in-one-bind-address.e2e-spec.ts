import { startAllInOne } from '@gatehouse/testing';
import { networkInterfaces } from 'node:os';

/** An address of this machine other than loopback, where a server bound to every interface answers. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
  if (!address) throw new Error('this test needs a non-loopback IPv4 interface');
  return address;
}

async function answers(url: string): Promise<number | string> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
  } catch (error) {
    return ((error as Error & { cause?: { code?: string } }).cause?.code ??
      String(error)) as string;
  }
}

describe('the all-in-one bind address (HOST)', () => {
  it('listens on loopback only by default, and says so', async () => {
    const gatehouse = await startAllInOne();
    try {
      const port = new URL(gatehouse.url).port;
      expect(await answers(`${gatehouse.url}/healthz`)).toBe(200);
      expect(await answers(`http://${networkAddress()}:${port}/healthz`)).toBe('ECONNREFUSED');
      expect(gatehouse.process.output()).toContain(
        `(listening on 127.0.0.1:${port}, this machine only;`,
      );
    } finally {
      await gatehouse.stop();
    }
  });

  it('refuses to serve the demo accounts on every interface unless told', async () => {
    const refused = await startAllInOne({ env: { HOST: '0.0.0.0' }, waitUntilReady: false });
    try {
      expect(await refused.process.exited).toEqual({ code: 78, signal: null });
      expect(refused.process.output()).toContain(
        'HOST: 0.0.0.0 is not a loopback address and no GATEHOUSE_SEED is set, so the public demo accounts would be reachable from the network',
      );
    } finally {
      await refused.stop();
    }

    const allowed = await startAllInOne({
      env: { HOST: '0.0.0.0', GATEHOUSE_ALLOW_DEMO_ON_NETWORK: 'true' },
    });
    try {
      const port = new URL(allowed.url).port;
      expect(await answers(`http://${networkAddress()}:${port}/healthz`)).toBe(200);
      expect(allowed.process.output()).toContain(
        `(listening on 0.0.0.0:${port}, every IPv4 interface;`,
      );
    } finally {
      await allowed.stop();
    }
  });
});
