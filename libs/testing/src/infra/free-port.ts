import { createServer } from 'node:net';

/** Asks the kernel for a loopback TCP port nobody listens on right now. */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() =>
        port > 0 ? resolve(port) : reject(new Error('Could not obtain a free port')),
      );
    });
  });
}
