import { DynamicModule, Module } from '@nestjs/common';
import { hashToken, newObjectId, randomToken } from '@gatehouse/crypto';
import { TokenEndpointModule } from '@gatehouse/feature-auth/testing';
import { IdentityModule, PrincipalInvalidator } from '@gatehouse/identity';
import { TEST_ENCRYPTION_KEY } from '@gatehouse/identity/testing';
import {
  OAuthAppEntity,
  OrganizationEntity,
  PersonalAccessTokenEntity,
  UserEntity,
} from '@gatehouse/persistence';
import type { OrgRole, OrganizationPlan } from '@gatehouse/domain';
import { MembershipEntity } from '@gatehouse/persistence/testing';
import {
  bootstrapService,
  DatabaseModule,
  EVENT_BUS,
  FlowStateModule,
  MessagingModule,
} from '@gatehouse/platform';
import { RunningService } from '@gatehouse/platform/testing';
import type { EventBus } from '@gatehouse/messaging';
import { createScratchDatabase, testRedisPrefix, testRunServers } from '@gatehouse/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { TokenExchangeGrantModule } from '../grant/token-exchange-grant.module';
import { TokenExchangeServiceModule } from '../token-exchange-service.module';

const TEST_PUBLIC_URL = 'https://hub.test';
export const TEST_INTERNAL_TOKEN = 'internal-token-for-token-exchange-tests-0123';
export const TEST_USER_EMAIL_TOKEN_TYPE = 'urn:huggingface:token-type:user-email';

export interface TokenExchangeTestOptions {
  /** Where the scratch database is made: the run's DATABASE_URL's server unless given (a counting proxy, say). */
  databaseUrl?: string;
  /**
   * With it, the token-exchange app keeps principals in the run's Redis (REDIS_URL) under a
   * prefix of this suite's own, as deployed; without, every check reads the database.
   */
  redisLabel?: string;
  /**
   * How long both services answer client lookups from an app they read (IdentityOptions
   * .clientCacheTtlMs): 0 by default, so a suite sees an app changed in SQL at once.
   */
  clientCacheTtlMs?: number;
}

/**
 * The distributed shape in one test process: a token-exchange service and an auth service (its
 * token endpoint and the HTTP grant client), two Nest apps on loopback over one fresh migrated
 * PostgreSQL database, the token-exchange one publishing its outbox to the run's Kafka.
 */
export interface TokenExchangeTestApps {
  /** Base URL of the auth app (`/oauth/token`). */
  authUrl: string;
  /** Base URL of the token-exchange app (`/internal/...`, `/api/organizations/...`). */
  serviceUrl: string;
  /** The token-exchange app itself. */
  service: RunningService;
  /** What a service calls when an account changes outside these apps (a factor added in auth). */
  principals: PrincipalInvalidator;
  dataSource: DataSource;
  /** The scratch database's URL (superuser access, to play a tamperer). */
  databaseUrl: string;
  bus: EventBus;
  seedUser(username: string): Promise<UserEntity>;
  seedOrg(name: string, plan?: OrganizationPlan): Promise<OrganizationEntity>;
  seedMembership(orgId: string, userId: string, role: OrgRole): Promise<void>;
  seedExchangeApp(
    clientId: string,
    secret: string,
    orgId: string,
    fields?: Partial<OAuthAppEntity>,
  ): Promise<OAuthAppEntity>;
  /** A personal token of `userId` (a `fineGrained` one takes its grant in `fields`). */
  seedPersonalToken(
    userId: string,
    role: 'read' | 'write' | 'fineGrained',
    fields?: Partial<PersonalAccessTokenEntity>,
  ): Promise<string>;
  /**
   * `POST /internal/authorize` on the token-exchange app with `question` as its JSON body, sent
   * as a repo service does (with the internal token) unless another bearer, or none, is given.
   */
  authorize(question: unknown, internalToken?: string | null): Promise<Response>;
  close(): Promise<void>;
}

/** The `/internal/authorize` resource of a private repo an organization owns. */
export function privateOrgRepo(ownerId: string, id = 'model/acme/bert') {
  return { kind: 'repo', id, ownerType: 'org', ownerId, private: true } as const;
}

export async function startTokenExchangeTestApps(
  options: TokenExchangeTestOptions = {},
): Promise<TokenExchangeTestApps> {
  const servers = testRunServers();
  const clientCacheTtlMs = options.clientCacheTtlMs ?? 0;
  const database = await createScratchDatabase({
    prefix: 'gatehouse_token_exchange',
    onServerOf: options.databaseUrl ?? servers.databaseUrl,
  });
  const running: RunningService[] = [];
  try {
    const service = await start('token-exchange-test', {
      module: TokenExchangeServiceUnderTest,
      imports: [
        DatabaseModule.forRoot({ type: 'postgres', url: database.url, runMigrations: true }),
        ...(options.redisLabel === undefined
          ? []
          : [
              FlowStateModule.forRoot({
                type: 'redis',
                url: servers.redisUrl,
                keyPrefix: testRedisPrefix(options.redisLabel),
              }),
            ]),
        MessagingModule.forRoot({
          type: 'kafka',
          brokers: servers.kafkaBrokers,
          clientId: 'token-exchange-int-spec',
          outboxRelay: { pollIntervalMs: 100 },
        }),
        IdentityModule.forRoot({
          publicUrl: TEST_PUBLIC_URL,
          encryptionKey: TEST_ENCRYPTION_KEY,
          clientCacheTtlMs,
        }),
        TokenExchangeServiceModule.forRoot({
          userEmailTokenType: TEST_USER_EMAIL_TOKEN_TYPE,
          allowLoopbackTargets: true,
        }),
      ],
    });
    running.push(service);
    const auth = await start('auth-test', {
      module: AuthUnderTest,
      imports: [
        DatabaseModule.forRoot({ type: 'postgres', url: database.url }),
        MessagingModule.forRoot({ type: 'in-process' }),
        IdentityModule.forRoot({
          publicUrl: TEST_PUBLIC_URL,
          encryptionKey: TEST_ENCRYPTION_KEY,
          clientCacheTtlMs,
        }),
        TokenEndpointModule,
        TokenExchangeGrantModule.forRoot({
          mode: 'http',
          url: service.url,
          internalToken: TEST_INTERNAL_TOKEN,
        }),
      ],
    });
    running.push(auth);
    const dataSource = service.app.get(DataSource);
    const manager = dataSource.manager;
    return {
      authUrl: auth.url,
      serviceUrl: service.url,
      service,
      dataSource,
      databaseUrl: database.url,
      bus: service.app.get<EventBus>(EVENT_BUS),
      principals: service.app.get(PrincipalInvalidator),
      seedUser: (username) =>
        manager.save(
          manager.create(UserEntity, {
            id: newObjectId(),
            username,
            email: `${username}@example.com`,
            fullname: username,
            passwordHash: 'x',
          }),
        ),
      seedOrg: (name, plan = 'enterprise') =>
        manager.save(
          manager.create(OrganizationEntity, { id: newObjectId(), name, fullname: name, plan }),
        ),
      seedMembership: async (orgId, userId, role) => {
        await manager.insert(MembershipEntity, { orgId, userId, role });
      },
      seedExchangeApp: (clientId, secret, orgId, fields = {}) =>
        manager.save(
          manager.create(OAuthAppEntity, {
            id: newObjectId(),
            clientId,
            name: clientId,
            ownerOrgId: orgId,
            clientSecretHash: hashToken(secret),
            scopes: ['openid', 'profile', 'email', 'read-repos', 'write-repos'],
            tokenExchange: true,
            boundOrgId: orgId,
            ...fields,
          }),
        ),
      seedPersonalToken: async (userId, role, fields = {}) => {
        const token = randomToken('hf_');
        await manager.insert(PersonalAccessTokenEntity, {
          id: newObjectId(),
          tokenHash: hashToken(token),
          userId,
          name: `${role} token`,
          role,
          ...fields,
        });
        return token;
      },
      authorize: (question, internalToken = TEST_INTERNAL_TOKEN) =>
        fetch(`${service.url}/internal/authorize`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(internalToken && { Authorization: `Bearer ${internalToken}` }),
          },
          body: JSON.stringify(question),
        }),
      close: async () => {
        for (const app of running.reverse()) await app.close();
        await database.drop();
      },
    };
  } catch (error) {
    for (const app of running.reverse()) await app.close().catch(() => undefined);
    await database.drop();
    throw error;
  }
}

@Module({})
class TokenExchangeServiceUnderTest {}

@Module({})
class AuthUnderTest {}

function start(name: string, module: DynamicModule): Promise<RunningService> {
  return bootstrapService({
    name,
    module,
    port: 0,
    host: '127.0.0.1',
    internalToken: TEST_INTERNAL_TOKEN,
    handleProcessSignals: false,
    logLevel: 'silent',
  });
}

/** Runs `work` on a connection of its own (as the server's superuser in the test setup). */
export async function withClient(
  url: string,
  work: (client: Client) => Promise<unknown>,
): Promise<void> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${new URL(url).host}: ${(error as Error).message}`,
    );
  }
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

export function basicAuth(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

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
