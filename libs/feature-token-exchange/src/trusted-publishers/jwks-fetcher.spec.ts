import { localSiteForSuite } from '@gatehouse/testing';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JwksUnavailableError, SafeJwksFetcher } from './jwks-fetcher';

const KEYS = { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1' }] };

describe('SafeJwksFetcher', () => {
  let handler: (req: IncomingMessage, res: ServerResponse) => void;
  const site = localSiteForSuite((req, res) => handler(req, res));
  const fetcher = (
    allowLoopbackTargets: boolean,
    jwks: { timeoutMs?: number; maxBytes?: number } = {},
  ) => site.closeAfter(new SafeJwksFetcher({ allowLoopbackTargets, jwks }));

  async function failure(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(JwksUnavailableError);
    return (error as Error).message;
  }

  it('fetches a key set from loopback when loopback targets are allowed', async () => {
    handler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(KEYS));
    expect(await fetcher(true).fetch(`${site.base}/jwks`)).toEqual(KEYS);
  });

  it('refuses loopback, private and plain-http targets by default', async () => {
    handler = (_req, res) => res.writeHead(200).end(JSON.stringify(KEYS));
    expect(await failure(fetcher(false).fetch(`${site.base}/jwks`))).toBe(
      `JWKS URL ${site.base}/jwks must use https`,
    );
    expect(await failure(fetcher(false).fetch('https://127.0.0.1:1/jwks'))).toMatch(
      /points at a refused address \(loopback/,
    );
    expect(await failure(fetcher(false).fetch('https://10.1.2.3/jwks'))).toMatch(
      /points at a refused address \(private-use/,
    );
    expect(await failure(fetcher(false).fetch('https://[::1]/jwks'))).toMatch(/refused address/);
    expect(await failure(fetcher(false).fetch('https://localhost:1/jwks'))).toMatch(
      /^JWKS URL https:\/\/localhost:1\/jwks points at a refused address \(loopback \((127\.0\.0\.0\/8|::1\/128)\)\)$/,
    );
  });

  it('refuses credentials in the URL and what is not a URL', async () => {
    expect(await failure(fetcher(true).fetch('https://user:pw@ci.example/jwks'))).toBe(
      'JWKS URL https://user:pw@ci.example/jwks must not carry credentials',
    );
    expect(await failure(fetcher(true).fetch('not a url'))).toBe('JWKS URL not a url is not a URL');
  });

  it('does not follow redirects', async () => {
    handler = (_req, res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    expect(await failure(fetcher(true).fetch(`${site.base}/jwks`))).toBe(
      `JWKS ${site.base}/jwks answered 302 (redirects are not followed)`,
    );
  });

  it('refuses a body larger than the limit, announced or not', async () => {
    const big = JSON.stringify({ keys: [{ kty: 'oct', k: 'a'.repeat(5000) }] });
    handler = (_req, res) =>
      res.writeHead(200, { 'content-length': String(Buffer.byteLength(big)) }).end(big);
    expect(await failure(fetcher(true, { maxBytes: 1024 }).fetch(`${site.base}/jwks`))).toBe(
      `JWKS ${site.base}/jwks is larger than 1024 bytes`,
    );
    handler = (_req, res) => {
      res.writeHead(200, { 'transfer-encoding': 'chunked' });
      res.write(big.slice(0, 600));
      res.end(big.slice(600));
    };
    expect(await failure(fetcher(true, { maxBytes: 1024 }).fetch(`${site.base}/jwks`))).toBe(
      `JWKS ${site.base}/jwks is larger than 1024 bytes`,
    );
  });

  it('gives up after the deadline on a site that never answers', async () => {
    handler = () => undefined;
    expect(await failure(fetcher(true, { timeoutMs: 300 }).fetch(`${site.base}/slow`))).toMatch(
      /could not be fetched: .*time/i,
    );
  });

  it('refuses a body that is not a key set', async () => {
    handler = (_req, res) => res.writeHead(200).end('<html>');
    expect(await failure(fetcher(true).fetch(`${site.base}/jwks`))).toBe(
      `JWKS ${site.base}/jwks is not JSON`,
    );
    handler = (_req, res) => res.writeHead(200).end('{"keys":"nope"}');
    expect(await failure(fetcher(true).fetch(`${site.base}/jwks`))).toBe(
      `JWKS ${site.base}/jwks has no keys array`,
    );
  });
});
