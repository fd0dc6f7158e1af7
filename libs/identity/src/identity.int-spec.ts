import { Controller, Delete, Get, Module, UseGuards } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { hashToken, newObjectId, randomToken } from '@gatehouse/crypto';
import { systemClock } from '@gatehouse/domain';
import {
  closeDataSource,
  createDataSource,
  OAuthAppEntity,
  PersonalAccessTokenEntity,
  SigningKeyEntity,
  UserEntity,
} from '@gatehouse/persistence';
import { OutboxMessageEntity } from '@gatehouse/persistence/testing';
import { DatabaseModule, FlowStateModule } from '@gatehouse/platform';
import { createServiceApp } from '@gatehouse/platform/testing';
import { createTestDatabase, dropTestDatabase, TestDatabase } from '@gatehouse/testing';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { ClientLookup } from './clients/ports/client-lookup';
import { BearerAuthGuard } from './guards/bearer-auth.guard';
import { CurrentPrincipal } from './guards/current-principal.decorator';
import { RequireScopes } from './guards/require-scopes.decorator';
import { RequireWriteAccess } from './guards/require-write-access.decorator';
import { IdentityModule } from './identity.module';
import { TransactionRunner } from './transactions/ports/transaction-runner';
import { JoseSigningKeyCrypto } from './keys/infrastructure/jose-signing-key-crypto';
import { SigningKeys } from './keys/signing-keys';
import { TypeOrmSigningKeyStore } from './keys/infrastructure/typeorm-signing-key.store';
import type { Principal } from './principal/principal';
import { TEST_ENCRYPTION_KEY } from './testing/identity-test-kit';
import { anOAuthAppRecord } from './testing/oauth-app-builders';
import { TokenIssuer } from './tokens/token-issuer';

/** A consumer of the guards, as webhook-management's controllers are. */
@Controller('api/probe')
@UseGuards(BearerAuthGuard)
class ProbeController {
  @Get('me')
  me(@CurrentPrincipal() principal: Principal) {
    return { kind: principal.kind, user: principal.user?.username, role: principal.role };
  }

  @Get('webhooks')
  @RequireScopes('webhooks')
  webhooks() {
    return { ok: true };
  }

  @Delete('thing')
  @RequireWriteAccess()
  @RequireScopes('write-repos')
  remove() {
    return { removed: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run this suite in the integration tier (its global setup starts PostgreSQL and Redis)`,
    );
  return value;
}

describe('IdentityModule on PostgreSQL', () => {
  const serverUrl = new URL(required('DATABASE_URL'));
  serverUrl.pathname = '/postgres';
  let database: TestDatabase;
  let app: NestExpressApplication;
  let url: string;
  let dataSource: DataSource;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl.toString(), 'gatehouse_identity');
    @Module({
      imports: [
        DatabaseModule.forRoot({ type: 'postgres', url: database.url, runMigrations: true }),
        FlowStateModule.forRoot({
          type: 'redis',
          url: required('REDIS_URL'),
          keyPrefix: `${process.env.GATEHOUSE_TEST_REDIS_PREFIX ?? ''}identity:`,
        }),
        IdentityModule.forRoot({
          publicUrl: 'https://hub.test/',
          encryptionKey: TEST_ENCRYPTION_KEY,
          signingKeyCacheTtlMs: 0,
        }),
        ProbeModule,
      ],
    })
    class IdentityUnderTest {}
    app = await createServiceApp({
      name: 'identity-test',
      module: IdentityUnderTest,
      logLevel: 'silent',
    });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    dataSource = app.get(DataSource);
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
    await app?.close();
    if (database) await dropTestDatabase(database.name, serverUrl.toString());
  });

  const personalToken = async (role: 'read' | 'write') => {
    const token = randomToken('hf_');
    await dataSource.manager.insert(PersonalAccessTokenEntity, {
      id: newObjectId(),
      tokenHash: hashToken(token),
      userId,
      name: `${role} token`,
      role,
    });
    return token;
  };
  const oauthToken = (scopes: string[]) =>
    app.get(TransactionRunner).run((tx) =>
      app.get(TokenIssuer).issue(tx, {
        kind: 'oauth',
        userId,
        clientId: 'app',
        scopes,
        orgIds: [],
        ttlSeconds: 600,
        withRefreshToken: false,
        idToken: false,
      }),
    );
  const call = (method: string, path: string, token?: string) =>
    fetch(`${url}${path}`, { method, headers: token ? { Authorization: `Bearer ${token}` } : {} });

  describe('guards', () => {
    it('puts the principal on the request', async () => {
      const res = await call('GET', '/api/probe/me', await personalToken('read'));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ kind: 'personal', user: 'ada', role: 'read' });
    });

    it('answers 401 in the Hugging Face shape without a valid token', async () => {
      for (const token of [undefined, 'hf_0000000000000000000000000000']) {
        const res = await call('GET', '/api/probe/me', token);
        expect(res.status).toBe(401);
        expect(res.headers.get('x-error-message')).toBe(
          'Invalid credentials in Authorization header',
        );
        expect(await res.json()).toEqual({ error: 'Invalid credentials in Authorization header' });
      }
    });

    it('requires the scopes of OAuth tokens, naming the missing one', async () => {
      expect(
        (await call('GET', '/api/probe/webhooks', (await oauthToken(['webhooks'])).access_token))
          .status,
      ).toBe(200);
      const res = await call(
        'GET',
        '/api/probe/webhooks',
        (await oauthToken(['read-repos'])).access_token,
      );
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: "This token lacks the 'webhooks' scope needed for this operation",
      });
      expect((await call('GET', '/api/probe/webhooks', await personalToken('read'))).status).toBe(
        200,
      );
    });

    it('refuses read tokens on routes that change things', async () => {
      const res = await call('DELETE', '/api/probe/thing', await personalToken('read'));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: 'This token has read-only access and cannot change anything',
      });
      expect((await call('DELETE', '/api/probe/thing', await personalToken('write'))).status).toBe(
        200,
      );
      expect(
        (
          await call(
            'DELETE',
            '/api/probe/thing',
            (await oauthToken(['manage-repos'])).access_token,
          )
        ).status,
      ).toBe(200);
    });
  });

  describe('TokenIssuer', () => {
    it('writes the token rows in the caller’s transaction, and no token.issued for an OAuth grant', async () => {
      const before = await dataSource.manager.count(OutboxMessageEntity);
      const body = await app.get(TransactionRunner).run((tx) =>
        app.get(TokenIssuer).issue(tx, {
          kind: 'oauth',
          userId,
          clientId: 'app',
          scopes: ['openid'],
          orgIds: [],
          ttlSeconds: 600,
          withRefreshToken: true,
          idToken: true,
        }),
      );
      const events = await dataSource.manager.find(OutboxMessageEntity, {
        order: { id: 'ASC' },
        skip: before,
      });
      expect(events).toEqual([]);
      const stored =
        JSON.stringify(await dataSource.query('SELECT * FROM access_tokens')) +
        JSON.stringify(events);
      expect(stored).not.toContain(body.access_token);
      const jwks = await app.get(SigningKeys).jwks();
      const { payload } = await jwtVerify(body.id_token!, createLocalJWKSet(jwks), {
        issuer: 'https://hub.test',
        audience: 'app',
      });
      expect(payload.sub).toBe(userId);
    });

    it('leaves nothing behind when the caller’s transaction rolls back', async () => {
      const tokensBefore = await dataSource.query('SELECT count(*)::int AS n FROM access_tokens');
      const eventsBefore = await dataSource.manager.count(OutboxMessageEntity);
      await expect(
        app.get(TransactionRunner).run(async (tx) => {
          await app.get(TokenIssuer).issue(tx, {
            kind: 'oauth',
            userId,
            clientId: 'app',
            scopes: [],
            orgIds: [],
            ttlSeconds: 600,
            withRefreshToken: true,
            idToken: false,
          });
          throw new Error('the grant failed after issuing');
        }),
      ).rejects.toThrow('the grant failed after issuing');
      expect(await dataSource.query('SELECT count(*)::int AS n FROM access_tokens')).toEqual(
        tokensBefore,
      );
      expect(await dataSource.manager.count(OutboxMessageEntity)).toBe(eventsBefore);
    });
  });

  describe('ClientLookup', () => {
    it('reads every column of a registered app by client ID, and null for an unknown one', async () => {
      const id = newObjectId();
      await dataSource.manager.insert(OAuthAppEntity, {
        id,
        clientId: 'lookup-app',
        name: 'Lookup App',
        ownerUserId: userId,
        clientSecretHash: hashToken('lookup-secret'),
        redirectUris: ['https://app.example/callback', 'http://127.0.0.1/cb'],
        scopes: ['openid', 'profile'],
        logoUri: 'https://app.example/logo.png',
        accessTokenTtlSeconds: 900,
        tokenExchange: true,
        tokenExchangeTtlSeconds: 300,
      });
      const [stored] = await dataSource.query(
        'SELECT created_at, updated_at FROM oauth_apps WHERE id = $1',
        [id],
      );

      expect(await app.get(ClientLookup).findByClientId('lookup-app')).toEqual(
        anOAuthAppRecord({
          id,
          clientId: 'lookup-app',
          name: 'Lookup App',
          ownerUserId: userId,
          clientSecretHash: hashToken('lookup-secret'),
          redirectUris: ['https://app.example/callback', 'http://127.0.0.1/cb'],
          scopes: ['openid', 'profile'],
          logoUri: 'https://app.example/logo.png',
          accessTokenTtlSeconds: 900,
          tokenExchange: true,
          tokenExchangeTtlSeconds: 300,
          createdAt: stored.created_at,
          updatedAt: stored.updated_at,
        }),
      );
      expect(await app.get(ClientLookup).findByClientId('no-such-app')).toBeNull();
    });
  });

  describe('signing keys across replicas', () => {
    it('two replicas making their first key at once leave one current key, and both sign with it', async () => {
      await dataSource.query('DELETE FROM signing_keys');
      const replicas = await Promise.all(
        [1, 2].map(() => createDataSource({ type: 'postgres', url: database.url, poolSize: 2 })),
      );
      try {
        const keys = replicas.map(
          (replica) =>
            new SigningKeys(
              new TypeOrmSigningKeyStore(replica),
              new JoseSigningKeyCrypto(),
              systemClock,
              { encryptionKey: TEST_ENCRYPTION_KEY },
            ),
        );
        const [a, b] = await Promise.all(keys.map((replicaKeys) => replicaKeys.jwks()));
        const current = await dataSource.manager.find(SigningKeyEntity, {
          where: { status: 'current' },
        });
        expect(current).toHaveLength(1);
        expect(a!.keys.map((key) => key.kid)).toEqual([current[0]!.kid]);
        expect(b!.keys.map((key) => key.kid)).toEqual([current[0]!.kid]);
      } finally {
        await Promise.all(replicas.map((replica) => closeDataSource(replica)));
      }
    });
  });
});
