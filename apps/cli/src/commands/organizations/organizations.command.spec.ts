import { Command } from 'commander';
import type { OrganizationAuditVerification } from '@gatehouse/feature-token-exchange';
import { NOBODY_LOGGED_IN } from '../auth/testing/fake-gatehouse';
import { organizationsCommand, OrganizationsCliDeps } from './organizations.command';
import { formatTokenDuration, parseTokenDuration } from './token-duration';

interface Call {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

const APP = {
  clientId: '6b1c2d3e',
  name: 'acme-token-exchange',
  scopes: ['openid', 'read-repos'],
  tokenDurationSeconds: 28_800,
  hasClientSecret: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function harness(
  answer: (call: Call) => { status: number; body: unknown },
  verification: OrganizationAuditVerification | null = null,
) {
  const out: string[] = [];
  const err: string[] = [];
  const calls: Call[] = [];
  const verified: Array<{ options: unknown; org: string }> = [];
  const deps: Partial<OrganizationsCliDeps> = {
    env: { GATEHOUSE_ENDPOINT: 'http://gatehouse.test/', GATEHOUSE_TOKEN: 'hf_adminToken' },
    login: NOBODY_LOGGED_IN,
    fetch: async (url, init) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        authorization: new Headers(init.headers).get('authorization'),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const { status, body } = answer(call);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
    verify: async (options, org) => {
      verified.push({ options, org });
      return verification;
    },
  };
  const program = new Command('gatehouse').exitOverride();
  program.configureOutput({ writeErr: (s) => err.push(s), writeOut: (s) => out.push(s) });
  program.addCommand(
    organizationsCommand({ out: (s) => out.push(s), err: (s) => err.push(s) }, deps),
  );
  return {
    run: (...args: string[]) => program.parseAsync(['node', 'gatehouse', ...args]),
    out,
    err,
    calls,
    verified,
  };
}

describe('gatehouse orgs', () => {
  it('lists token-exchange apps as a table', async () => {
    const cli = harness(() => ({ status: 200, body: { apps: [APP] } }));
    await cli.run('orgs', 'token-exchange', 'ls', 'acme');
    expect(cli.calls).toEqual([
      {
        method: 'GET',
        url: 'http://gatehouse.test/api/organizations/acme/settings/token-exchange-apps',
        authorization: 'Bearer hf_adminToken',
        body: undefined,
      },
    ]);
    expect(cli.out.join('\n')).toBe(
      [
        'CLIENT ID  NAME                 TOKEN DURATION  SECRET  SCOPES',
        '6b1c2d3e   acme-token-exchange  8h              yes     openid read-repos',
      ].join('\n'),
    );
  });

  it('sets a token duration given with a unit', async () => {
    const cli = harness((call) => ({
      status: 200,
      body: {
        app: {
          ...APP,
          tokenDurationSeconds: (call.body as { tokenDurationSeconds: number })
            .tokenDurationSeconds,
        },
      },
    }));
    await cli.run('orgs', 'token-exchange', 'set-duration', 'acme', '6b1c2d3e', '30d');
    expect(cli.calls[0]).toMatchObject({
      method: 'PUT',
      url: 'http://gatehouse.test/api/organizations/acme/settings/token-exchange-apps/6b1c2d3e',
      body: { tokenDurationSeconds: 2_592_000 },
    });
    expect(cli.out).toEqual(['Tokens exchanged by 6b1c2d3e now last 30d.']);
  });

  it("reports the server's refusal with its status and message", async () => {
    const cli = harness(() => ({
      status: 400,
      body: { error: 'tokenDurationSeconds must be at least 300 seconds (5 minutes)' },
    }));
    await expect(
      cli.run('orgs', 'token-exchange', 'set-duration', 'acme', '6b1c2d3e', '60'),
    ).rejects.toThrow('400 tokenDurationSeconds must be at least 300 seconds (5 minutes)');
  });

  it('refreshes a client secret and shows it once', async () => {
    const cli = harness(() => ({
      status: 200,
      body: { clientId: '6b1c2d3e', clientSecret: 'NewSecret0123' },
    }));
    await cli.run('orgs', 'token-exchange', 'refresh-secret', 'acme', '6b1c2d3e');
    expect(cli.calls[0]).toMatchObject({
      method: 'POST',
      url: 'http://gatehouse.test/api/organizations/acme/settings/token-exchange-apps/6b1c2d3e/secret',
    });
    expect(cli.out).toEqual([
      'New client secret of 6b1c2d3e (shown once, store it now):\nNewSecret0123',
    ]);
  });

  it('shows the audit log with the next-page cursor', async () => {
    const entry = {
      id: '7',
      seq: 7,
      action: 'oauth.token_exchange',
      outcome: 'failure',
      errorCode: 'invalid_grant',
      clientId: '6b1c2d3e',
      actorUserId: null,
      subject: 'eve@example.com',
      detail: {},
      createdAt: '2026-01-01T00:00:00.000Z',
      prevHash: null,
      hash: 'h',
    };
    const cli = harness(() => ({ status: 200, body: { entries: [entry], nextCursor: 'c2VxOjc' } }));
    await cli.run(
      'orgs',
      'audit',
      'log',
      'acme',
      '--action',
      'oauth.token_exchange',
      '--limit',
      '1',
    );
    expect(cli.calls[0]!.url).toBe(
      'http://gatehouse.test/api/organizations/acme/audit-log?action=oauth.token_exchange&limit=1',
    );
    expect(cli.out.join('\n')).toBe(
      [
        'SEQ  TIME                      ACTION                OUTCOME                  CLIENT    SUBJECT',
        '7    2026-01-01T00:00:00.000Z  oauth.token_exchange  failure (invalid_grant)  6b1c2d3e  eve@example.com',
        'More: --cursor c2VxOjc',
      ].join('\n'),
    );
  });

  it('refuses to call the API without a token', async () => {
    const cli = harness(() => ({ status: 200, body: {} }));
    const program = new Command('gatehouse').exitOverride();
    program.addCommand(
      organizationsCommand(
        { out: () => undefined, err: () => undefined },
        { env: { GATEHOUSE_ENDPOINT: 'http://x' }, login: NOBODY_LOGGED_IN },
      ),
    );
    await expect(
      program.parseAsync(['node', 'gatehouse', 'orgs', 'audit', 'log', 'acme']),
    ).rejects.toThrow('No access token');
    expect(cli.calls).toEqual([]);
  });

  describe('audit verify', () => {
    it('reports an intact chain', async () => {
      const cli = harness(() => ({ status: 500, body: {} }), {
        organization: { id: 'o', name: 'acme' },
        verdict: { intact: true, checked: 12 },
      });
      await cli.run('orgs', 'audit', 'verify', 'acme', '--database-url', 'postgres://db/gatehouse');
      expect(cli.verified).toEqual([
        { options: { databaseUrl: 'postgres://db/gatehouse' }, org: 'acme' },
      ]);
      expect(cli.out).toEqual(['Audit log of acme: 12 entries, hash chain intact.']);
    });

    it('names the first broken link and fails', async () => {
      const cli = harness(() => ({ status: 500, body: {} }), {
        organization: { id: 'o', name: 'acme' },
        verdict: {
          intact: false,
          checked: 2,
          brokenAt: {
            seq: 3,
            id: '17',
            problem: 'hash_mismatch',
            message: 'entry seq 3 (id 17): content does not match its hash (the entry was changed)',
          },
        },
      });
      await expect(cli.run('orgs', 'audit', 'verify', 'acme')).rejects.toThrow(
        'Audit log of acme is broken at entry seq 3 (id 17): content does not match its hash (the entry was changed) (2 entries before it verified).',
      );
    });

    it('fails for an unknown organization', async () => {
      await expect(
        harness(() => ({ status: 500, body: {} }), null).run('orgs', 'audit', 'verify', 'nowhere'),
      ).rejects.toThrow('No organization nowhere');
    });
  });
});

describe('token durations on the command line', () => {
  it.each([
    ['28800', 28_800],
    ['300s', 300],
    ['30m', 1800],
    ['8h', 28_800],
    ['30d', 2_592_000],
  ])('%s is %i seconds', (text, seconds) => {
    expect(parseTokenDuration(text)).toBe(seconds);
  });

  it.each(['8 hours', '-5m', '1.5h', ''])('refuses %p', (text) => {
    expect(() => parseTokenDuration(text)).toThrow(
      'Give whole seconds or a number with s, m, h or d, e.g. 8h or 30d.',
    );
  });

  it('prints durations in the largest whole unit', () => {
    expect([28_800, 2_592_000, 1800, 301].map(formatTokenDuration)).toEqual([
      '8h',
      '30d',
      '30m',
      '301s',
    ]);
  });
});
