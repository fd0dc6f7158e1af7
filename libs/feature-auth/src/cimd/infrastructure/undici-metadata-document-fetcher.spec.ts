import { OAuthError } from '@gatehouse/domain';
import { localSiteForSuite } from '@gatehouse/testing';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { UndiciMetadataDocumentFetcher } from './undici-metadata-document-fetcher';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The document's website, on loopback: the fetcher's checks do not depend on the scheme. */
describe('UndiciMetadataDocumentFetcher', () => {
  let handler: Handler;
  const site = localSiteForSuite((req, res) => handler(req, res));
  const fetcher = (allowLoopbackTargets: boolean) =>
    site.closeAfter(new UndiciMetadataDocumentFetcher({ allowLoopbackTargets }));

  async function failure(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).code).toBe('invalid_client');
    return (error as OAuthError).description;
  }

  it('reads the JSON document and its cache headers', async () => {
    handler = (req, res) => {
      expect(req.headers.accept).toBe('application/json');
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'max-age=60',
        date: 'Thu, 01 Jan 2026 00:00:00 GMT',
      });
      res.end(JSON.stringify({ client_id: 'x' }));
    };
    expect(await fetcher(true).fetch(`${site.base}/.well-known/oauth-cimd`)).toEqual({
      json: { client_id: 'x' },
      cacheHeaders: {
        cacheControl: 'max-age=60',
        expires: null,
        date: 'Thu, 01 Jan 2026 00:00:00 GMT',
      },
    });
  });

  it('refuses loopback unless allowed, by IP literal and by name, without connecting', async () => {
    let hits = 0;
    handler = (_req, res) => {
      hits += 1;
      res.end('{}');
    };
    expect(await failure(fetcher(false).fetch(`${site.base}/doc`))).toBe(
      "The client metadata document's host is not allowed",
    );
    const port = new URL(site.base).port;
    expect(await failure(fetcher(false).fetch(`http://localhost:${port}/doc`))).toBe(
      "The client metadata document's host is not allowed",
    );
    expect(hits).toBe(0);
  });

  it.each([
    ['private-use (10.0.0.0/8)', 'http://10.0.0.1/doc'],
    ['link-local (169.254.0.0/16)', 'http://169.254.169.254/latest/meta-data'],
    ['unique local (fc00::/7)', 'http://[fd00::1]/doc'],
  ])(
    'refuses %s even with loopback allowed, naming the range in the log detail only',
    async (reason, url) => {
      const error = await fetcher(true)
        .fetch(url)
        .then(
          () => null,
          (thrown: unknown) => thrown as OAuthError,
        );
      expect(error).toMatchObject({
        code: 'invalid_client',
        description: "The client metadata document's host is not allowed",
      });
      expect(error!.detail).toContain(reason);
    },
  );

  describe('checkDestination, before any budget is spent', () => {
    it.each([
      ['private-use (10.0.0.0/8)', 'https://10.9.8.7/client.json'],
      ['link-local (169.254.0.0/16)', 'https://169.254.169.254/client.json'],
      ['unique local (fc00::/7)', 'https://[fd00::1]/client.json'],
    ])('refuses %s with the one answer, the range in the detail', async (reason, url) => {
      const error = await fetcher(true)
        .checkDestination(url)
        .then(
          () => null,
          (thrown: unknown) => thrown as OAuthError,
        );
      expect(error).toMatchObject({
        code: 'invalid_client',
        description: "The client metadata document's host is not allowed",
      });
      expect(error!.detail).toContain(reason);
    });

    it('refuses a name that resolves only to refused addresses, and lets loopback through only when allowed', async () => {
      expect(await failure(fetcher(false).checkDestination('https://localhost/client.json'))).toBe(
        "The client metadata document's host is not allowed",
      );
      expect(await failure(fetcher(false).checkDestination('https://127.0.0.1/client.json'))).toBe(
        "The client metadata document's host is not allowed",
      );
      await expect(
        fetcher(true).checkDestination('https://localhost/client.json'),
      ).resolves.toBeUndefined();
      await expect(
        fetcher(true).checkDestination('https://[::1]/client.json'),
      ).resolves.toBeUndefined();
    });

    it('lets a public address literal through without connecting', async () => {
      await expect(
        fetcher(false).checkDestination('https://93.184.215.14/client.json'),
      ).resolves.toBeUndefined();
    });
  });

  it('follows no redirect', async () => {
    handler = (_req, res) => {
      res.writeHead(302, { location: `${site.base}/elsewhere` });
      res.end();
    };
    expect(await failure(fetcher(true).fetch(`${site.base}/doc`))).toBe(
      'The client metadata document answered with a redirect, and redirects are not followed',
    );
  });

  it('refuses any status but 200', async () => {
    handler = (_req, res) => {
      res.writeHead(404);
      res.end('{}');
    };
    expect(await failure(fetcher(true).fetch(`${site.base}/doc`))).toBe(
      'The client metadata document answered HTTP 404',
    );
  });

  it('refuses more than 5 KB, declared or streamed', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-length': '6000' });
      res.end('x'.repeat(6000));
    };
    expect(await failure(fetcher(true).fetch(`${site.base}/doc`))).toBe(
      'The client metadata document is larger than 5120 bytes',
    );
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"pad":"${'x'.repeat(4000)}`);
      res.end(`${'x'.repeat(2000)}"}`);
    };
    expect(await failure(fetcher(true).fetch(`${site.base}/doc`))).toBe(
      'The client metadata document is larger than 5120 bytes',
    );
  });

  it('accepts exactly 5 KB', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(5120 - 10) });
    handler = (_req, res) => res.end(body);
    expect(body).toHaveLength(5120);
    await expect(fetcher(true).fetch(`${site.base}/doc`)).resolves.toMatchObject({
      json: { pad: expect.any(String) },
    });
  });

  it('refuses a body that is not JSON', async () => {
    handler = (_req, res) => res.end('<html>');
    expect(await failure(fetcher(true).fetch(`${site.base}/doc`))).toBe(
      'The client metadata document is not valid JSON',
    );
  });

  it('gives up after 2.5 s', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      res.write('{');
    };
    expect(await failure(fetcher(true).fetch(`${site.base}/slow`))).toBe(
      'The client metadata document did not arrive within 2500 ms',
    );
  }, 30_000);
});
