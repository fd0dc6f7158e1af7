import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalSite {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  base: string;
  /** Drops kept-alive connections, then stops listening. */
  close(): Promise<void>;
}

/**
 * A web site on loopback for the specs of outbound fetches (run with loopback targets allowed):
 * every request goes to `handle`, which a spec usually points at a handler it swaps per case.
 */
export async function startLocalSite(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LocalSite> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A LocalSite for one `describe` block, and the clients of it to close first. */
export interface SuiteSite {
  /** Readable once the block's tests run. */
  readonly base: string;
  /** Registers a client (an adapter with `onModuleDestroy`) to close after the block, before the site. */
  closeAfter<T extends { onModuleDestroy(): Promise<void> }>(client: T): T;
}

/** Starts a LocalSite before the tests of the calling `describe` block and closes it after them. */
export function localSiteForSuite(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): SuiteSite {
  let site: LocalSite | undefined;
  const clients: Array<{ onModuleDestroy(): Promise<void> }> = [];
  beforeAll(async () => {
    site = await startLocalSite(handle);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.onModuleDestroy()));
    await site?.close();
  });
  return {
    get base() {
      if (!site) throw new Error('the local site starts in beforeAll');
      return site.base;
    },
    closeAfter(client) {
      clients.push(client);
      return client;
    },
  };
}
