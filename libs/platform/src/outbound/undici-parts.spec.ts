import { type LocalSite, startLocalSite, WORKSPACE_ROOT } from '@gatehouse/testing';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { newAgent, outboundRequest } from './undici-parts';

describe('outboundRequest', () => {
  let site: LocalSite;
  let seen: Array<{ method?: string; url?: string; body: string }>;
  const agent = newAgent({ keepAliveTimeout: 1_000 });

  beforeAll(async () => {
    site = await startLocalSite((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString() });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
  });
  beforeEach(() => (seen = []));
  afterAll(async () => {
    await agent.close();
    await site.close();
  });

  it('asks for the URL path and query with GET when no method is given', async () => {
    const response = await outboundRequest(`${site.base}/a/b?c=1&d=2`, { dispatcher: agent });
    expect([response.statusCode, await response.body.json()]).toEqual([201, { ok: true }]);
    expect(seen).toEqual([{ method: 'GET', url: '/a/b?c=1&d=2', body: '' }]);
  });

  it('sends the method, headers and body it is given', async () => {
    const response = await outboundRequest(new URL('/post', site.base), {
      dispatcher: agent,
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    await response.body.dump();
    expect(seen).toEqual([{ method: 'POST', url: '/post', body: 'hello' }]);
  });

  it('is refused a URL that is not one', async () => {
    await expect(outboundRequest('not a url', { dispatcher: agent })).rejects.toThrow(
      'Invalid URL',
    );
    expect(seen).toEqual([]);
  });
});

describe('undici-parts', () => {
  it("loads undici's agent, connector and request without the package's entry point", () => {
    // A process of its own: the test runner's module registry is not Node's require cache.
    const script = [
      "require('./libs/platform/src/outbound/undici-parts.ts');",
      "const entry = require.resolve('undici');",
      'process.stdout.write(String(Object.keys(require.cache).includes(entry)));',
    ].join('');
    const output = execFileSync(
      process.execPath,
      ['--require', join(WORKSPACE_ROOT, 'libs/testing/src/infra/register-swc.js'), '-e', script],
      { cwd: WORKSPACE_ROOT, encoding: 'utf8' },
    );
    expect(output).toBe('false');
  });
});
