import { Controller, Get, INestApplication, Module, UseGuards } from '@nestjs/common';
import { hashToken, newObjectId } from '@gatehouse/crypto';
import type { FlowStore } from '@gatehouse/flow-state';
import { appendOutbox, UserEntity } from '@gatehouse/persistence';
import { ConsumerGroups } from '@gatehouse/messaging';
import {
  DatabaseModule,
  EventBusTransport,
  FlowStateModule,
  MessagingModule,
  SHARED_FLOW_STORE,
} from '@gatehouse/platform';
import { createServiceApp } from '@gatehouse/platform/testing';
import { createScratchDatabase, ScratchDatabase, waitUntil } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { BearerAuthGuard } from '../guards/bearer-auth.guard';
import { CurrentPrincipal } from '../guards/current-principal.decorator';
import { IdentityModule } from '../identity.module';
import { TEST_ENCRYPTION_KEY } from '../testing/identity-test-kit';
import { TokenIssuer } from '../tokens/token-issuer';
import { tokenRevokedMessage } from '../tokens/token-events';
import { TokenRevoker } from '../tokens/token-revoker';
import { TransactionRunner } from '../transactions/ports/transaction-runner';
import type { Principal } from './principal';
import { INVALIDATIONS_CHANNEL } from './principal-cache';

@Controller('api/probe')
@UseGuards(BearerAuthGuard)
class ProbeController {
  @Get('me')
  me(@CurrentPrincipal() principal: Principal) {
    return {
      user: principal.user?.username,
      orgs: principal.account?.memberships.map((membership) => membership.name),
    };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this suite in the integration tier`);
  return value;
}

interface Service {
  app: INestApplication;
  url: string;
}

/**
 * Two services on one PostgreSQL database, one Redis (their principals under the shared prefix)
 * and Kafka, as auth and webhook-management run: a token revoked through one is refused by the
 * other on its next request, and a token.revoked event alone clears the other's cached principal.
 */
describe('PrincipalCache across two processes on PostgreSQL, Redis and Kafka', () => {
  const run = randomBytes(4).toString('hex');
  const redisPrefix = `${process.env.GATEHOUSE_TEST_REDIS_PREFIX ?? 'gatehouse-test:'}principals-${run}:`;
  let database: ScratchDatabase;
  let first: Service;
  let second: Service;
  let dataSource: DataSource;
  let userId: string;
  /** Every message of the invalidation channel: the token hashes each dropped. */
  const invalidations: string[][] = [];
  let stopListening: (() => Promise<void>) | undefined;

  async function start(name: string, migrate: boolean): Promise<Service> {
    @Module({
      imports: [
        DatabaseModule.forRoot({ type: 'postgres', url: database.url, runMigrations: migrate }),
        FlowStateModule.forRoot({
          type: 'redis',
          url: required('REDIS_URL'),
          keyPrefix: `${redisPrefix}${name}:`,
          sharedKeyPrefix: `${redisPrefix}shared:`,
        }),
        MessagingModule.forRoot({
          type: 'kafka',
          brokers: required('KAFKA_BROKERS').split(','),
          clientId: `principals-${name}`,
          outboxRelay: { pollIntervalMs: 50 },
          consumerGroupIds: { [ConsumerGroups.principalCache]: `principal-cache-test-${run}` },
        }),
        IdentityModule.forRoot({
          publicUrl: 'https://hub.test',
          encryptionKey: TEST_ENCRYPTION_KEY,
          signingKeyCacheTtlMs: 0,
          // Long enough that a check answered from memory is not mistaken for one the event dropped.
          inProcessPrincipalCache: { ttlMs: 60_000 },
        }),
        ProbeModule,
      ],
    })
    class ServiceUnderTest {}
    const app = await createServiceApp({
      name: `principals-${name}`,
      module: ServiceUnderTest,
      logLevel: 'silent',
    });
    await app.listen(0, '127.0.0.1');
    await app.get(EventBusTransport).whenStarted();
    return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
  }

  beforeAll(async () => {
    database = await createScratchDatabase({
      prefix: 'gatehouse_principals',
      onServerOf: required('DATABASE_URL'),
    });
    first = await start('first', true);
    second = await start('second', false);
    dataSource = first.app.get(DataSource);
    stopListening = await first.app
      .get<FlowStore>(SHARED_FLOW_STORE)
      .channel(INVALIDATIONS_CHANNEL)
      .subscribe({
        message: (message) => invalidations.push(message.split(',')),
        connected: () => undefined,
      });
    userId = newObjectId();
    await dataSource.manager.insert(UserEntity, {
      id: userId,
      username: 'ada',
      email: 'ada@example.com',
      fullname: 'Ada',
      passwordHash: 'x',
    });
  });

  afterAll(async () => {
    await stopListening?.();
    await second?.app.close();
    await first?.app.close();
    await database?.drop();
  });

  const issue = async () => {
    const issued = await first.app.get(TransactionRunner).run((tx) =>
      first.app.get(TokenIssuer).issueTokens(tx, {
        kind: 'oauth',
        userId,
        clientId: 'app',
        scopes: ['openid'],
        orgIds: [],
        ttlSeconds: 600,
        withRefreshToken: false,
        idToken: false,
      }),
    );
    return { token: issued.body.access_token, id: issued.accessTokenId };
  };
  const me = (service: Service, token: string) =>
    fetch(`${service.url}/api/probe/me`, { headers: { Authorization: `Bearer ${token}` } });

  it('refuses a token revoked through one process on the other process’s next request', async () => {
    const { token, id } = await issue();
    expect((await me(second, token)).status).toBe(200);
    expect((await me(first, token)).status).toBe(200);

    await first.app
      .get(TransactionRunner)
      .run((tx) => first.app.get(TokenRevoker).revokeAccessToken(tx, id, 'revocation_request'));

    expect((await me(second, token)).status).toBe(401);
    expect((await me(first, token)).status).toBe(401);

    // The revocation's token.revoked event drops the principal again when it arrives through
    // Kafka; waited for here, so it cannot land while the next test fills the processes' memory.
    await waitUntil(
      'the token.revoked event to invalidate the principal',
      () => invalidations.filter((hashes) => hashes.includes(hashToken(token))).length >= 2,
    );
  });

  it('answers a repeated check from each process’s memory, dropped there by the token.revoked event through Kafka', async () => {
    const { token, id } = await issue();
    expect((await me(first, token)).status).toBe(200);
    expect((await me(second, token)).status).toBe(200);

    // Revoked in the database with no marker, and the shared entry gone: only memory still answers.
    const at = new Date();
    await dataSource.query('UPDATE access_tokens SET revoked_at = $2 WHERE id = $1', [id, at]);
    await first.app.get<FlowStore>(SHARED_FLOW_STORE).delete(`principal:${hashToken(token)}`);
    expect((await me(second, token)).status).toBe(200);
    expect((await me(first, token)).status).toBe(200);

    await dataSource.transaction((manager) =>
      appendOutbox(
        manager,
        tokenRevokedMessage({ id, userId, clientId: 'app' }, 'access', 'revocation_request', at)!,
      ),
    );
    for (const service of [first, second]) {
      const status = await waitUntil(
        'the event to drop the principal in both processes',
        async () => {
          const answer = (await me(service, token)).status;
          return answer !== 200 && answer;
        },
        { intervalMs: 20 },
      );
      expect(status).toBe(401);
    }
  });

  it('clears a cached principal from the token.revoked event alone', async () => {
    const { token, id } = await issue();
    const cached = await me(second, token);
    expect(cached.status).toBe(200);
    expect(await cached.json()).toEqual({ user: 'ada', orgs: [] });

    // A revocation committed without the stale mark: the cached principal still answers.
    const at = new Date();
    await dataSource.query('UPDATE access_tokens SET revoked_at = $2 WHERE id = $1', [id, at]);
    expect((await me(second, token)).status).toBe(200);

    await dataSource.transaction((manager) =>
      appendOutbox(
        manager,
        tokenRevokedMessage({ id, userId, clientId: 'app' }, 'access', 'revocation_request', at)!,
      ),
    );
    // How fast is measured by the revocation benchmark (docs/benchmarks.md), not here.
    const status = await waitUntil(
      'the event to clear the cached principal',
      async () => {
        const answer = (await me(second, token)).status;
        return answer !== 200 && answer;
      },
      { intervalMs: 20 },
    );
    expect(status).toBe(401);
  });
});
