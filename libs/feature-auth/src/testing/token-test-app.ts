import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { hashToken, newObjectId, randomToken } from '@gatehouse/crypto';
import {
  IdentityModule,
  TokenIssuer,
  TokenResponseBody,
  TransactionRunner,
} from '@gatehouse/identity';
import { IssueTokenRequest, TEST_ENCRYPTION_KEY } from '@gatehouse/identity/testing';
import {
  OAuthAppEntity,
  OrganizationEntity,
  PersonalAccessTokenEntity,
  UserEntity,
} from '@gatehouse/persistence';
import type { OrgRole, OrganizationPlan } from '@gatehouse/domain';
import { MembershipEntity } from '@gatehouse/persistence/testing';
import { bootstrapService, DatabaseModule, FlowStateModule } from '@gatehouse/platform';
import { RunningService } from '@gatehouse/platform/testing';
import { createScratchDatabase } from '@gatehouse/testing';
import { DataSource } from 'typeorm';
import { AuthTokenModules } from '../token-endpoint/auth-token-modules';
import { REFRESH_OPTIONS, RefreshOptions } from '../refresh/refresh-rotation-grace';

export const TEST_PUBLIC_URL = 'https://hub.test';
export const TEST_INTERNAL_TOKEN = 'internal-token-for-auth-tests-0123456789';

/** The auth token modules on a fresh migrated PostgreSQL database and the run's Redis, listening on loopback. */
export interface TokenTestApp {
  url: string;
  service: RunningService;
  dataSource: DataSource;
  /** Issues tokens as the browser flows would, in a transaction of their own. */
  issue(request: IssueTokenRequest): Promise<TokenResponseBody>;
  seedUser(username: string, fields?: Partial<UserEntity>): Promise<UserEntity>;
  seedOrg(name: string, plan?: OrganizationPlan): Promise<OrganizationEntity>;
  seedMembership(orgId: string, userId: string, role: OrgRole): Promise<void>;
  seedApp(
    clientId: string,
    fields?: Partial<OAuthAppEntity> & { secret?: string },
  ): Promise<OAuthAppEntity>;
  /** Stores a personal token and returns it in clear. */
  seedPersonalToken(userId: string, role: 'read' | 'write', name?: string): Promise<string>;
  close(): Promise<void>;
}

function required(name: string): string {
  // eslint-disable-next-line no-restricted-properties -- test support reads what the integration tier's global setup exports
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run this suite in the integration tier (its global setup starts PostgreSQL and Redis)`,
    );
  return value;
}

/** The refresh grant's reuse grace in this test app: short, so a suite can wait it out. */
export const TEST_REFRESH_REUSE_GRACE_SECONDS = 2;

@Global()
@Module({
  providers: [
    {
      provide: REFRESH_OPTIONS,
      useValue: { reuseGraceSeconds: TEST_REFRESH_REUSE_GRACE_SECONDS } satisfies RefreshOptions,
    },
  ],
  exports: [REFRESH_OPTIONS],
})
class TokenTestOptionsModule {}

/**
 * `databaseUrl`: the server to make the suite's database on (the run's by default; a suite that
 * counts statements passes its proxy's). `signingKeyCacheTtlMs` and `clientCacheTtlMs`: 0 by
 * default, so a suite sees a key rotation or an app changed in SQL at once; a suite measuring a
 * production path keeps the service's caches.
 */
export interface TokenTestAppOptions {
  databaseUrl?: string;
  signingKeyCacheTtlMs?: number;
  clientCacheTtlMs?: number;
  /**
   * GATEHOUSE_TRUSTED_PROXIES of the app: by default loopback's 127.0.0.1 only, as the stack's
   * services trust their gateway, so a test calling from 127.0.0.1 names its client address in
   * X-Forwarded-For (CookieBrowser) and a test calling from another loopback address is a client
   * whose header is ignored.
   */
  trustedProxies?: readonly string[];
}

/** What the test app trusts by default: a gateway on 127.0.0.1, where the tests call from. */
const TEST_TRUSTED_PROXIES: readonly string[] = ['127.0.0.1/32'];

export async function startTokenTestApp(
  extraModules: Array<Type<unknown> | DynamicModule> = [],
  options: TokenTestAppOptions = {},
): Promise<TokenTestApp> {
  const runDatabaseUrl = options.databaseUrl ?? required('DATABASE_URL');
  const redisUrl = required('REDIS_URL');
  // eslint-disable-next-line no-restricted-properties -- as above
  const redisPrefix = process.env.GATEHOUSE_TEST_REDIS_PREFIX ?? 'gatehouse-test:';
  // An empty database of its own on the run's server, so migrations and signing keys are this suite's alone.
  const database = await createScratchDatabase({
    prefix: 'gatehouse_auth_tokens',
    onServerOf: runDatabaseUrl,
  });

  @Module({
    imports: [
      DatabaseModule.forRoot({ type: 'postgres', url: database.url, runMigrations: true }),
      FlowStateModule.forRoot({
        type: 'redis',
        url: redisUrl,
        keyPrefix: `${redisPrefix}auth-tokens:`,
      }),
      IdentityModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        encryptionKey: TEST_ENCRYPTION_KEY,
        signingKeyCacheTtlMs: options.signingKeyCacheTtlMs ?? 0,
        clientCacheTtlMs: options.clientCacheTtlMs ?? 0,
      }),
      TokenTestOptionsModule,
      ...AuthTokenModules,
      ...extraModules,
    ],
  })
  class AuthTokensUnderTest {}

  let service: RunningService;
  try {
    service = await bootstrapService({
      name: 'auth-tokens-test',
      module: AuthTokensUnderTest,
      port: 0,
      host: '127.0.0.1',
      internalToken: TEST_INTERNAL_TOKEN,
      trustedProxies: options.trustedProxies ?? TEST_TRUSTED_PROXIES,
      handleProcessSignals: false,
      logLevel: 'silent',
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const dataSource = service.app.get(DataSource);
  const issuer = service.app.get(TokenIssuer);
  const manager = dataSource.manager;

  return {
    url: service.url,
    service,
    dataSource,
    issue: (request) => service.app.get(TransactionRunner).run((tx) => issuer.issue(tx, request)),
    seedUser: (username, fields = {}) =>
      manager.save(
        manager.create(UserEntity, {
          id: newObjectId(),
          username,
          email: `${username}@example.com`,
          fullname: `${username[0]!.toUpperCase()}${username.slice(1)} Test`,
          passwordHash: 'not-a-hash',
          ...fields,
        }),
      ),
    seedOrg: (name, plan = 'free') =>
      manager.save(
        manager.create(OrganizationEntity, {
          id: newObjectId(),
          name,
          fullname: `${name} Inc`,
          plan,
        }),
      ),
    seedMembership: async (orgId, userId, role) => {
      await manager.insert(MembershipEntity, { orgId, userId, role });
    },
    seedApp: async (clientId, { secret, ...fields } = {}) => {
      const hasOwner = Boolean(fields.ownerUserId ?? fields.ownerOrgId);
      const owner = hasOwner
        ? {}
        : { ownerUserId: (await manager.findOneByOrFail(UserEntity, {})).id };
      return manager.save(
        manager.create(OAuthAppEntity, {
          id: newObjectId(),
          clientId,
          name: `App ${clientId}`,
          clientSecretHash: secret === undefined ? null : hashToken(secret),
          ...owner,
          ...fields,
        }),
      );
    },
    seedPersonalToken: async (userId, role, name = `${role} token`) => {
      const token = randomToken('hf_');
      await manager.insert(PersonalAccessTokenEntity, {
        id: newObjectId(),
        tokenHash: hashToken(token),
        userId,
        name,
        role,
      });
      return token;
    },
    close: async () => {
      await service.close();
      await database.drop();
    },
  };
}

/** `Authorization: Basic` for client credentials (RFC 6749 §2.3.1). */
export function basicAuth(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/** POSTs a form body. */
export function postForm(
  url: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params).toString(),
  });
}
