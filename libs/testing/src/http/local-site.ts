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
export async function startLocalSite(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalSite> {
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
