import { DataSource } from 'typeorm';
import { AccountRepository } from '../repositories/account.repository';
import { DATABASE_KINDS, openMigratedDataSource, testId } from '../testing/test-databases';
import { insertOrg, insertUrlWebhook, insertUser, sqlStateOf } from '../testing/fixtures';
import { MembershipEntity } from './accounts/membership.entity';
import { UserEntity } from './accounts/user.entity';
import { DeliveryAttemptEntity } from './delivery/delivery-attempt.entity';
import { DeliveryEntity } from './delivery/delivery.entity';
import { JobRunEntity } from './delivery/job-run.entity';
import { AccessTokenEntity } from './oauth/access-token.entity';
import { OAuthAppEntity } from './oauth/oauth-app.entity';
import { SigningKeyEntity } from './oauth/signing-key.entity';
import { WebhookEntity } from './webhooks/webhook.entity';

// PGlite runs Postgres in WASM: on a busy two-core machine one statement can take seconds.
jest.setTimeout(60_000);

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

describe.each(DATABASE_KINDS)('entities on %s', (kind) => {
  let ds: DataSource;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ ds, dispose } = await openMigratedDataSource(kind));
  }, 60_000);
  afterAll(() => dispose?.(), 60_000);

  describe('accounts', () => {
    it('finds a user by username or e-mail in any case, with memberships by organization name', async () => {
      const alice = await insertUser(ds.manager, 'Alice', 'Alice@Example.com');
      const [zeta, acme] = [
        await insertOrg(ds.manager, 'zeta'),
        await insertOrg(ds.manager, 'Acme'),
      ];
      await ds.manager.insert(MembershipEntity, [
        { orgId: zeta.id, userId: alice.id, role: 'read' },
        { orgId: acme.id, userId: alice.id, role: 'admin' },
      ]);
      const accounts = new AccountRepository(ds.manager);

      expect((await accounts.findUserByLogin('alice'))?.id).toBe(alice.id);
      expect((await accounts.findUserByLogin('ALICE@example.COM'))?.id).toBe(alice.id);
      expect(await accounts.findUserByLogin('nobody')).toBeNull();
      expect((await accounts.findOrgByName('ACME'))?.id).toBe(acme.id);
      const stored = await accounts.findUserById(alice.id);
      expect(stored).toMatchObject({
        username: 'Alice',
        isPro: false,
        avatarUrl: null,
        disabledAt: null,
      });
      expect(stored?.createdAt).toBeInstanceOf(Date);
      expect(
        (await accounts.membershipsOfUser(alice.id)).map((m) => [m.organization.name, m.role]),
      ).toEqual([
        ['Acme', 'admin'],
        ['zeta', 'read'],
      ]);
    });

    it('refuses a second username or e-mail differing only in case', async () => {
      await insertUser(ds.manager, 'bob', 'bob@example.com');
      expect(await sqlStateOf(insertUser(ds.manager, 'BOB', 'other@example.com'))).toBe(
        UNIQUE_VIOLATION,
      );
      expect(await sqlStateOf(insertUser(ds.manager, 'bobby', 'BOB@example.com'))).toBe(
        UNIQUE_VIOLATION,
      );
      expect(await sqlStateOf(insertOrg(ds.manager, 'ACME'))).toBe(UNIQUE_VIOLATION);
    });

    it('refuses an unknown membership role and drops memberships with their user', async () => {
      const carol = await insertUser(ds.manager, 'carol');
      const org = await insertOrg(ds.manager, 'carol-org');
      expect(
        await sqlStateOf(
          ds.manager.insert(MembershipEntity, {
            orgId: org.id,
            userId: carol.id,
            role: 'owner' as never,
          }),
        ),
      ).toBe(CHECK_VIOLATION);
      await ds.manager.insert(MembershipEntity, { orgId: org.id, userId: carol.id, role: 'write' });
      await ds.manager.delete(UserEntity, { id: carol.id });
      expect(await ds.manager.countBy(MembershipEntity, { orgId: org.id })).toBe(0);
    });
  });

  describe('oauth', () => {
    it('round-trips an app with arrays, defaults and its token-exchange binding', async () => {
      const org = await insertOrg(ds.manager, 'bound-org');
      const clientId = `client-${testId()}`;
      await ds.manager.insert(OAuthAppEntity, {
        id: testId(),
        clientId,
        name: 'exchanger',
        ownerOrgId: org.id,
        clientSecretHash: 'a'.repeat(64),
        redirectUris: ['https://app.example/callback', 'http://localhost/cb'],
        scopes: ['openid', 'profile'],
        tokenExchange: true,
        boundOrgId: org.id,
        tokenExchangeTtlSeconds: 3600,
      });
      const app = await ds.manager.findOneBy(OAuthAppEntity, { clientId });
      expect(app).toMatchObject({
        name: 'exchanger',
        ownerUserId: null,
        ownerOrgId: org.id,
        redirectUris: ['https://app.example/callback', 'http://localhost/cb'],
        scopes: ['openid', 'profile'],
        accessTokenTtlSeconds: 28800,
        tokenExchange: true,
        boundOrgId: org.id,
        tokenExchangeTtlSeconds: 3600,
        logoUri: null,
      });
    });

    it('requires exactly one owner for an app', async () => {
      const user = await insertUser(ds.manager, 'owner-twice');
      const org = await insertOrg(ds.manager, 'owner-twice-org');
      const app = {
        id: testId(),
        clientId: `c-${testId()}`,
        name: 'x',
        redirectUris: [],
        scopes: [],
      };
      expect(await sqlStateOf(ds.manager.insert(OAuthAppEntity, app))).toBe(CHECK_VIOLATION);
      expect(
        await sqlStateOf(
          ds.manager.insert(OAuthAppEntity, { ...app, ownerUserId: user.id, ownerOrgId: org.id }),
        ),
      ).toBe(CHECK_VIOLATION);
    });

    it('stores a trusted-publisher token with its repository and no user', async () => {
      const id = testId();
      const expiresAt = new Date('2026-01-01T08:00:00.000Z');
      await ds.manager.insert(AccessTokenEntity, {
        id,
        tokenHash: 'b'.repeat(64),
        kind: 'trusted_publisher',
        scopes: ['write-repos'],
        repo: { type: 'model', name: 'acme/bert' },
        expiresAt,
      });
      expect(await ds.manager.findOneBy(AccessTokenEntity, { id })).toMatchObject({
        userId: null,
        repo: { type: 'model', name: 'acme/bert' },
        orgIds: [],
        expiresAt,
        revokedAt: null,
      });
      expect(
        await sqlStateOf(
          ds.manager.insert(AccessTokenEntity, {
            id: testId(),
            tokenHash: 'b'.repeat(64),
            kind: 'oauth',
            expiresAt,
          }),
        ),
      ).toBe(UNIQUE_VIOLATION);
    });

    it('allows one current signing key at a time', async () => {
      const key = (kid: string) => ({
        kid,
        alg: 'RS256',
        publicJwk: { kty: 'RSA' },
        privateJwkEncrypted: 'box',
        status: 'current' as const,
      });
      await ds.manager.insert(SigningKeyEntity, key('k1'));
      expect(await sqlStateOf(ds.manager.insert(SigningKeyEntity, key('k2')))).toBe(
        UNIQUE_VIOLATION,
      );
      await ds.manager.update(
        SigningKeyEntity,
        { kid: 'k1' },
        { status: 'previous', rotatedAt: new Date() },
      );
      await ds.manager.insert(SigningKeyEntity, key('k2'));
      expect(
        (await ds.manager.find(SigningKeyEntity, { order: { kid: 'ASC' } })).map((k) => k.status),
      ).toEqual(['previous', 'current']);
    });
  });

  describe('webhooks and deliveries', () => {
    it('requires exactly one target', async () => {
      const owner = await insertUser(ds.manager, 'hook-owner');
      const base = { ownerUserId: owner.id, watched: [], domains: [] };
      expect(await sqlStateOf(ds.manager.insert(WebhookEntity, { ...base, id: testId() }))).toBe(
        CHECK_VIOLATION,
      );
      expect(
        await sqlStateOf(
          ds.manager.insert(WebhookEntity, {
            ...base,
            id: testId(),
            url: 'https://x.example',
            jobSpec: { command: ['x'] },
          }),
        ),
      ).toBe(CHECK_VIOLATION);
    });

    it('delivers an event once per webhook but allows replays, and cascades on webhook deletion', async () => {
      const owner = await insertUser(ds.manager, 'delivery-owner');
      const webhook = await insertUrlWebhook(ds.manager, owner.id);
      const delivery = (id: string, replayOf: string | null = null) => ({
        id,
        webhookId: webhook.id,
        eventId: 'evt-1',
        payload: { event: { action: 'update' } },
        replayOf,
      });
      const originalId = testId();
      await ds.manager.insert(DeliveryEntity, delivery(originalId));
      expect(await sqlStateOf(ds.manager.insert(DeliveryEntity, delivery(testId())))).toBe(
        UNIQUE_VIOLATION,
      );
      await ds.manager.insert(DeliveryEntity, delivery(testId(), originalId));
      await ds.manager.insert(DeliveryAttemptEntity, {
        id: testId(),
        deliveryId: originalId,
        attemptNo: 1,
        startedAt: new Date(),
        durationMs: 12,
        statusCode: 500,
      });
      await ds.manager.insert(JobRunEntity, {
        id: testId(),
        deliveryId: originalId,
        webhookId: webhook.id,
        launcher: 'local',
        status: 'running',
        startedAt: new Date(),
      });
      const stored = await ds.manager.findOneByOrFail(DeliveryEntity, { id: originalId });
      expect(stored).toMatchObject({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: null,
        payload: { event: { action: 'update' } },
      });

      await ds.manager.delete(WebhookEntity, { id: webhook.id });
      expect(await ds.manager.countBy(DeliveryEntity, { webhookId: webhook.id })).toBe(0);
      expect(await ds.manager.countBy(DeliveryAttemptEntity, { deliveryId: originalId })).toBe(0);
      expect(await ds.manager.countBy(JobRunEntity, { webhookId: webhook.id })).toBe(0);
    });
  });
});
