import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One HTTP request as a test sends it. */
export interface RawCall {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** An answer as it came over the wire: every header in order, but `Date`. */
export interface RawAnswer {
  status: number;
  headers: string[];
  body: string;
}

/** Sends `call` on a connection of its own and reads the answer byte for byte. */
export function sendRaw(url: string, call: RawCall): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${call.path}`,
      { method: call.method, headers: call.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (res.rawHeaders[i]!.toLowerCase() === 'date') continue;
            headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

/**
 * A second loopback server over the same application's Express instance: every request there
 * takes Express's router and Nest's route, never a lean route, so a test compares both paths
 * of one application (one database, one cache) request by request.
 */
export async function listenThroughExpress(
  app: NestExpressApplication,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(app.getHttpAdapter().getInstance());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
