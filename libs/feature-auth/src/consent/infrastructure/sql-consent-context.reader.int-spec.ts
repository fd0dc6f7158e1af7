import { newObjectId } from '@gatehouse/crypto';
import { createMigratedTestDatabase, MigratedTestDatabase } from '@gatehouse/testing';
import { describeConsentStoresContract } from '../ports/consent-context.reader.contract';
import { SqlConsentContextReader } from './sql-consent-context.reader';
import { TypeOrmRememberedConsents } from './typeorm-remembered-consents';

let database: MigratedTestDatabase;

afterAll(async () => {
  await database?.drop();
});

describeConsentStoresContract(
  'SqlConsentContextReader and TypeOrmRememberedConsents on PostgreSQL',
  async () => {
    database = await createMigratedTestDatabase({ prefix: 'gatehouse_consent_stores' });
    const { dataSource } = database;
    const organizations = new Set<string>();
    return {
      contexts: new SqlConsentContextReader(dataSource),
      remembered: new TypeOrmRememberedConsents(dataSource),
      addUser: async (user) => {
        await dataSource.query(
          'INSERT INTO users (id, username, email, fullname, avatar_url, is_pro, password_hash, disabled_at, email_confirmed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
          [
            user.id,
            user.username,
            user.email,
            user.fullname,
            user.avatarUrl,
            user.isPro,
            'x',
            user.disabled ? new Date() : null,
            user.emailConfirmed ? new Date() : null,
          ],
        );
      },
      addMembership: async (userId, organization, role) => {
        if (!organizations.has(organization.id)) {
          await dataSource.query(
            'INSERT INTO organizations (id, name, fullname, plan, avatar_url) VALUES ($1, $2, $3, $4, $5)',
            [
              organization.id,
              organization.name,
              organization.fullname,
              organization.plan,
              organization.avatarUrl,
            ],
          );
          organizations.add(organization.id);
        }
        await dataSource.query(
          'INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, $3)',
          [organization.id, userId, role],
        );
      },
      addApp: async (app) => {
        const owner = newObjectId();
        await dataSource.query(
          "INSERT INTO organizations (id, name, fullname, plan) VALUES ($1, $2, $2, 'team')",
          [owner, `owner-${owner}`],
        );
        await dataSource.query(
          'INSERT INTO oauth_apps (id, client_id, name, owner_org_id, client_secret_hash, redirect_uris, scopes) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [
            newObjectId(),
            app.clientId,
            app.name,
            owner,
            app.secretHash,
            app.redirectUris,
            app.scopes,
          ],
        );
      },
    };
  },
);

// On the contract's database (made in its beforeAll, which runs before these).
describe('SqlConsentContextReader: the two-factor standing, in the same statement', () => {
  it('says whether the user has a confirmed factor, and which of their organizations require one', async () => {
    const { dataSource } = database;
    const [userId, strict, lax] = [newObjectId(), newObjectId(), newObjectId()];
    await dataSource.query(
      `INSERT INTO users (id, username, email, fullname, password_hash) VALUES ($1, $2, $3, 'Vera', 'x')`,
      [userId, `vera-${userId}`, `vera-${userId}@example.com`],
    );
    for (const [id, requires] of [
      [strict, true],
      [lax, false],
    ] as const) {
      await dataSource.query(
        `INSERT INTO organizations (id, name, fullname, plan) VALUES ($1, $2, $2, 'team')`,
        [id, `org-${id}`],
      );
      await dataSource.query(
        `INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, 'read')`,
        [id, userId],
      );
      await dataSource.query(
        `INSERT INTO organization_token_policies (org_id, policy, updated_at, require_two_factor)
         VALUES ($1, 'allow_all', now(), $2)`,
        [id, requires],
      );
    }
    const reader = new SqlConsentContextReader(dataSource);
    expect((await reader.read('no-such-app', userId)).twoFactor).toEqual({
      secondFactor: false,
      twoFactorOrgIds: [strict],
    });

    await dataSource.query(
      `INSERT INTO totp_factors (user_id, secret_encrypted, confirmed_at) VALUES ($1, 'sealed', NULL)`,
      [userId],
    );
    expect((await reader.read('no-such-app', userId)).twoFactor.secondFactor).toBe(false);
    await dataSource.query(`UPDATE totp_factors SET confirmed_at = now() WHERE user_id = $1`, [
      userId,
    ]);
    expect((await reader.read('no-such-app', userId)).twoFactor).toEqual({
      secondFactor: true,
      twoFactorOrgIds: [strict],
    });
  });
});
