// The benchmark's peer: node-oidc-provider configured like Gatehouse for the same flows. Public
// client with PKCE (S256), an authorization code valid 60 s, opaque access tokens of 8 h, refresh
// tokens rotated on use, RS256 id_tokens, the sign-in and consent pages answered through its
// interaction API, the password checked with Gatehouse's own scrypt function and cost. Two
// storages: every record (and the accounts) on the run's Redis, as Gatehouse keeps its flow state
// there; or oidc-provider's default in-memory adapter (an LRU of 1,000 records per process, its
// own development default) with each account kept in the process after its first read from Redis.
// Started by the bench as its own process with its options in BENCH_OIDC_OPTIONS; logs
// `{"msg":"listening"}` when it answers.
import { verifyPassword } from '@gatehouse/crypto';
import Redis from 'ioredis';
import { exportJWK, generateKeyPair } from 'jose';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { Provider } from 'oidc-provider';
import { interactionPage } from './interaction-page';
import { PeerAccount, peerAccountKey } from './peer-records';
import { redisAdapter } from './redis-oidc-adapter';

export interface OidcPeerOptions {
  port: number;
  redisUrl: string;
  prefix: string;
  clientId: string;
  redirectUri: string;
  /** `redis`: records on the run's Redis (redis-oidc-adapter.ts); `memory`: oidc-provider's default adapter. */
  storage: OidcPeerStorage;
}

export type OidcPeerStorage = 'redis' | 'memory';

async function main(): Promise<void> {
  const options = JSON.parse(process.env.BENCH_OIDC_OPTIONS ?? '') as OidcPeerOptions;
  const redis = new Redis(options.redisUrl, { enableAutoPipelining: true });
  const read = async (login: string): Promise<PeerAccount | undefined> => {
    const stored = await redis.get(peerAccountKey(options.prefix, login));
    return stored ? (JSON.parse(stored) as PeerAccount) : undefined;
  };
  const kept = new Map<string, PeerAccount>();
  const account =
    options.storage === 'memory'
      ? async (login: string): Promise<PeerAccount | undefined> => {
          const found = kept.get(login) ?? (await read(login));
          if (found) kept.set(login, found);
          return found;
        }
      : read;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = new Provider(issuer, {
    ...(options.storage === 'redis' && { adapter: redisAdapter(redis, options.prefix) }),
    clients: [
      {
        client_id: options.clientId,
        token_endpoint_auth_method: 'none',
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'bench' }] },
    cookies: { keys: ['bench-cookie-key-0123456789abcdef'] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    scopes: ['openid', 'profile', 'offline_access'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    issueRefreshToken: () => true,
    rotateRefreshToken: true,
    ttl: {
      AccessToken: 28_800,
      AuthorizationCode: 60,
      RefreshToken: 30 * 86_400,
      Session: 604_800,
      Grant: 365 * 86_400,
      Interaction: 3600,
      IdToken: 3600,
    },
    findAccount: async (_ctx, sub) => {
      const found = await account(sub);
      return found
        ? { accountId: sub, claims: () => ({ sub, name: found.name, preferred_username: sub }) }
        : undefined;
    },
  });
  const callback = provider.callback();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interactionPage(provider, account, verifyPassword, req, res).catch((error: unknown) => {
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(error instanceof Error ? error.message : String(error));
      });
      return;
    }
    callback(req, res);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(options.port, '127.0.0.1', () =>
    process.stdout.write(`${JSON.stringify({ msg: 'listening' })}\n`),
  );
  process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    redis.disconnect();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
