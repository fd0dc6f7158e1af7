import { Topics } from '@gatehouse/messaging';
import type { OutboxMessage } from '@gatehouse/persistence';
import type { UserRecord } from '../../accounts/ports/account-records';
import type { TransactionRunner } from '../../transactions/ports/transaction-runner';
import type { IssuedTokenWriter } from './issued-token.writer';
import type {
  AccessTokenRecord,
  PersonalTokenRecord,
  RefreshRotation,
  RefreshTokenRecord,
} from './token-records';
import type { TokenStore } from './token.store';

/** A token store with the writer that fills it, over one set of tables (or arrays). */
export interface TokenStoreSubject {
  store: TokenStore;
  writer: IssuedTokenWriter;
  transactions: TransactionRunner;
  /** Stores a user the tokens can belong to. */
  addUser(user: UserRecord): Promise<void>;
  /** Every outbox message written so far, oldest first. */
  outbox(): Promise<OutboxMessage[]>;
  /** Stores a personal access token (feature-auth writes them, not this store). */
  addPersonalToken(row: PersonalTokenRecord): Promise<void>;
  /** A personal token's `revokedAt` as stored. */
  personalTokenRevokedAt(id: string): Promise<Date | null>;
}

const AT = new Date(Date.UTC(2026, 0, 1, 12));
const LATER = new Date(AT.getTime() + 3_600_000);
const LATEST = new Date(AT.getTime() + 7_200_000);

let counter = 0;
/** 24 hex characters, unique across the suite (the tables share one database). */
function nextId(): string {
  counter += 1;
  return `65c0${String(Date.now() % 1e8).padStart(8, '0')}${counter.toString(16).padStart(12, '0')}`;
}

function user(): UserRecord {
  const id = nextId();
  return {
    id,
    username: `user-${id}`,
    email: `user-${id}@example.com`,
    fullname: 'Contract User',
    isPro: false,
    avatarUrl: null,
    disabledAt: null,
  };
}

function accessToken(fields: Partial<AccessTokenRecord> = {}): AccessTokenRecord {
  const id = nextId();
  return {
    id,
    tokenHash: `${id}${'a'.repeat(40)}`,
    kind: 'oauth',
    userId: null,
    clientId: 'contract-app',
    scopes: ['openid', 'profile'],
    orgIds: [],
    boundOrgId: null,
    role: null,
    repo: null,
    refreshFamilyId: null,
    authTime: AT,
    expiresAt: LATER,
    revokedAt: null,
    createdAt: AT,
    ...fields,
  };
}

function refreshToken(
  userId: string,
  fields: Partial<RefreshTokenRecord> = {},
): RefreshTokenRecord {
  const id = nextId();
  return {
    id,
    tokenHash: `${id}${'r'.repeat(40)}`,
    familyId: nextId(),
    clientId: 'contract-app',
    userId,
    scopes: ['openid'],
    orgIds: [],
    authTime: AT,
    expiresAt: LATER,
    usedAt: null,
    revokedAt: null,
    createdAt: AT,
    ...fields,
  };
}

/** A rotation of the token with `tokenHash` by `contract-app` at LATER, with a new pair drawn. */
function rotation(tokenHash: string, fields: Partial<RefreshRotation> = {}): RefreshRotation {
  const accessId = nextId();
  const refreshId = nextId();
  return {
    tokenHash,
    clientId: 'contract-app',
    at: LATER,
    narrowedTo: [],
    accessToken: { id: accessId, tokenHash: `${accessId}${'b'.repeat(40)}`, expiresAt: LATEST },
    refreshToken: { id: refreshId, tokenHash: `${refreshId}${'s'.repeat(40)}`, expiresAt: LATEST },
    answer: `kept by ${refreshId}`,
    ...fields,
  };
}

const event = (key: string): OutboxMessage => ({
  topic: Topics.tokenEvents,
  key,
  value: JSON.stringify({ type: 'token.issued', key }),
});

/**
 * What every TokenStore and IssuedTokenWriter pair promises (the in-memory pair in the unit
 * tier, TypeORM and SQL on PostgreSQL in the integration tier): an issuance is read back as it was
 * written, and revocations revoke each token once.
 */
export function describeTokenStoreContract(
  name: string,
  open: () => Promise<TokenStoreSubject>,
): void {
  describe(`${name} (TokenStore and IssuedTokenWriter contract)`, () => {
    let subject: TokenStoreSubject;
    let owner: UserRecord;

    beforeAll(async () => {
      subject = await open();
    });

    beforeEach(async () => {
      owner = user();
      await subject.addUser(owner);
    });

    const write = (
      access: AccessTokenRecord,
      refresh: RefreshTokenRecord | null = null,
      events: OutboxMessage[] = [],
    ) =>
      subject.transactions.run((tx) =>
        subject.writer.write(tx, { accessToken: access, refreshToken: refresh, events }),
      );

    /** A refresh token of `owner` issued at AT, expiring at LATEST, with its access token. */
    async function issuedRefreshToken(
      fields: Partial<RefreshTokenRecord> = {},
    ): Promise<RefreshTokenRecord> {
      const refresh = refreshToken(owner.id, { expiresAt: LATEST, ...fields });
      await write(accessToken({ userId: owner.id, refreshFamilyId: refresh.familyId }), refresh);
      return refresh;
    }

    it('reads an access token back by its hash, as it was written', async () => {
      const access = accessToken({
        userId: owner.id,
        orgIds: [nextId()],
        role: 'write',
        repo: { type: 'model', name: 'acme/m' },
        refreshFamilyId: nextId(),
      });
      await write(access);
      expect(await subject.store.findAccessToken(access.tokenHash)).toEqual(access);
      expect(await subject.store.findAccessToken(`${access.tokenHash.slice(0, -1)}0`)).toBeNull();
    });

    it('keeps a token without user or client (a trusted-publisher repo token)', async () => {
      const access = accessToken({
        kind: 'trusted_publisher',
        clientId: null,
        scopes: [],
        authTime: null,
        repo: { type: 'model', name: 'acme/m' },
      });
      await write(access);
      expect(await subject.store.findAccessToken(access.tokenHash)).toEqual(access);
    });

    it('writes the refresh token and the events with the access token', async () => {
      const before = (await subject.outbox()).length;
      const refresh = refreshToken(owner.id);
      const access = accessToken({ userId: owner.id, refreshFamilyId: refresh.familyId });
      await write(access, refresh, [event(owner.id), event(`${owner.id}-2`)]);
      expect(await subject.store.findRefreshToken(refresh.tokenHash)).toEqual(refresh);
      const written = (await subject.outbox()).slice(before);
      expect(written.map(({ topic, key, value }) => ({ topic, key, value }))).toEqual([
        event(owner.id),
        event(`${owner.id}-2`),
      ]);
    });

    it('rotates a refresh token: spends it, keeps the answer on it, and writes the new pair of the same grant', async () => {
      const spent = await issuedRefreshToken({
        scopes: ['openid', 'read-repos'],
        orgIds: [nextId()],
      });
      const turn = rotation(spent.tokenHash);
      expect(await subject.store.rotateRefreshToken(turn)).toEqual({
        token: { ...spent, user: owner, answer: null },
        rotated: true,
      });
      expect(await subject.store.findRefreshToken(spent.tokenHash)).toEqual({
        ...spent,
        usedAt: LATER,
      });
      expect(await subject.store.findRefreshToken(turn.refreshToken.tokenHash)).toEqual({
        ...turn.refreshToken,
        familyId: spent.familyId,
        clientId: 'contract-app',
        userId: owner.id,
        scopes: ['openid', 'read-repos'],
        orgIds: spent.orgIds,
        authTime: spent.authTime,
        usedAt: null,
        revokedAt: null,
        createdAt: LATER,
      });
      expect(await subject.store.findAccessToken(turn.accessToken.tokenHash)).toEqual({
        ...turn.accessToken,
        kind: 'oauth',
        userId: owner.id,
        clientId: 'contract-app',
        scopes: ['openid', 'read-repos'],
        orgIds: spent.orgIds,
        boundOrgId: null,
        role: null,
        repo: null,
        refreshFamilyId: spent.familyId,
        authTime: spent.authTime,
        revokedAt: null,
        createdAt: LATER,
      });

      const again = rotation(spent.tokenHash);
      expect(await subject.store.rotateRefreshToken(again)).toEqual({
        token: { ...spent, usedAt: LATER, user: owner, answer: turn.answer },
        rotated: false,
      });
      expect(await subject.store.findAccessToken(again.accessToken.tokenHash)).toBeNull();
      expect(await subject.store.findRefreshToken(again.refreshToken.tokenHash)).toBeNull();
      expect(await subject.store.rotateRefreshToken(rotation('f'.repeat(64)))).toBeNull();
    });

    it('narrows the new access token to scopes the token was granted, directly or by implication', async () => {
      const spent = await issuedRefreshToken({ scopes: ['openid', 'write-repos'] });
      const turn = rotation(spent.tokenHash, {
        narrowedTo: [{ scope: 'read-repos', coveredBy: ['read-repos', 'write-repos'] }],
      });
      expect((await subject.store.rotateRefreshToken(turn))?.rotated).toBe(true);
      expect((await subject.store.findAccessToken(turn.accessToken.tokenHash))?.scopes).toEqual([
        'read-repos',
      ]);
      expect((await subject.store.findRefreshToken(turn.refreshToken.tokenHash))?.scopes).toEqual([
        'openid',
        'write-repos',
      ]);
    });

    it.each<[string, Partial<RefreshTokenRecord>, Partial<RefreshRotation>]>([
      ['of another client', {}, { clientId: 'other-app' }],
      ['revoked', { revokedAt: AT }, {}],
      ['expired', { expiresAt: LATER }, {}],
      [
        'asked for a scope it was not granted',
        { scopes: ['openid'] },
        { narrowedTo: [{ scope: 'email', coveredBy: ['email'] }] },
      ],
    ])('leaves a token %s unspent, and writes nothing', async (_, fields, asked) => {
      const token = await issuedRefreshToken(fields);
      const turn = rotation(token.tokenHash, asked);
      expect(await subject.store.rotateRefreshToken(turn)).toEqual({
        token: { ...token, user: owner, answer: null },
        rotated: false,
      });
      expect(await subject.store.findRefreshToken(token.tokenHash)).toEqual(token);
      expect(await subject.store.findAccessToken(turn.accessToken.tokenHash)).toBeNull();
      expect(await subject.store.findRefreshToken(turn.refreshToken.tokenHash)).toBeNull();
    });

    it('leaves the token of a disabled user unspent', async () => {
      const disabled = { ...user(), disabledAt: AT };
      await subject.addUser(disabled);
      const token = refreshToken(disabled.id, { expiresAt: LATEST });
      await write(accessToken({ userId: disabled.id }), token);
      expect(await subject.store.rotateRefreshToken(rotation(token.tokenHash))).toEqual({
        token: { ...token, user: disabled, answer: null },
        rotated: false,
      });
    });

    it('spends a token once when redeemers race, and shows the others the answer kept', async () => {
      const spent = await issuedRefreshToken();
      const turns = [1, 2, 3].map(() => rotation(spent.tokenHash));
      const outcomes = await Promise.all(
        turns.map((turn) => subject.store.rotateRefreshToken(turn)),
      );
      const winner = outcomes.findIndex((outcome) => outcome?.rotated);
      expect(outcomes.filter((outcome) => outcome?.rotated)).toHaveLength(1);
      for (const [index, outcome] of outcomes.entries()) {
        if (index === winner) continue;
        expect(outcome?.token).toMatchObject({ usedAt: LATER, answer: turns[winner]!.answer });
      }
    });

    it('drops the answer kept on a spent token when its grant rotates again', async () => {
      const first = await issuedRefreshToken();
      const turn = rotation(first.tokenHash);
      await subject.store.rotateRefreshToken(turn);
      await subject.store.rotateRefreshToken(rotation(turn.refreshToken.tokenHash));
      expect(
        (await subject.store.rotateRefreshToken(rotation(first.tokenHash)))?.token.answer,
      ).toBeNull();
    });

    it('revokes every live token of a family once, and reports what it revoked', async () => {
      const familyId = nextId();
      const refresh = refreshToken(owner.id, { familyId });
      const access = accessToken({ userId: owner.id, refreshFamilyId: familyId });
      const alreadyRevoked = accessToken({
        userId: owner.id,
        refreshFamilyId: familyId,
        revokedAt: AT,
      });
      const otherFamily = accessToken({ userId: owner.id, refreshFamilyId: nextId() });
      await write(access, refresh);
      await write(alreadyRevoked);
      await write(otherFamily);

      const revoked = await subject.transactions.run((tx) =>
        subject.store.revokeFamily(tx, familyId, LATER),
      );
      expect(revoked).toEqual({
        accessTokens: [{ ...access, revokedAt: LATER }],
        refreshTokens: [{ ...refresh, revokedAt: LATER }],
      });
      expect(await subject.store.findAccessToken(access.tokenHash)).toEqual({
        ...access,
        revokedAt: LATER,
      });
      expect(await subject.store.findAccessToken(alreadyRevoked.tokenHash)).toEqual(alreadyRevoked);
      expect(await subject.store.findRefreshToken(refresh.tokenHash)).toEqual({
        ...refresh,
        revokedAt: LATER,
      });
      expect(await subject.store.findAccessToken(otherFamily.tokenHash)).toEqual(otherFamily);
      expect(
        await subject.transactions.run((tx) => subject.store.revokeFamily(tx, familyId, LATER)),
      ).toEqual({ accessTokens: [], refreshTokens: [] });
    });

    it('revokes one personal token once; false for an unknown one', async () => {
      const holder = user();
      await subject.addUser(holder);
      const id = nextId();
      await subject.addPersonalToken({
        id,
        tokenHash: `${id}${'p'.repeat(40)}`,
        userId: holder.id,
        name: 'contract',
        role: 'write',
        fineGrained: null,
        expiresAt: null,
        preview: null,
        lastUsedAt: null,
        lastUsedAddress: null,
        lastUsedClient: null,
        createdAt: AT,
        revokedAt: null,
      });
      const revoke = (tokenId: string) =>
        subject.transactions.run((tx) => subject.store.revokePersonalToken(tx, tokenId, LATER));
      expect(await revoke(id)).toBe(true);
      expect(await subject.personalTokenRevokedAt(id)).toEqual(LATER);
      expect(await revoke(id)).toBe(false);
      expect(await revoke(nextId())).toBe(false);
    });

    it('revokes one access token once; null for an unknown one', async () => {
      const access = accessToken({ userId: owner.id });
      await write(access);
      expect(
        await subject.transactions.run((tx) =>
          subject.store.revokeAccessToken(tx, access.id, LATER),
        ),
      ).toEqual({ ...access, revokedAt: LATER });
      expect(await subject.store.findAccessToken(access.tokenHash)).toEqual({
        ...access,
        revokedAt: LATER,
      });
      expect(
        await subject.transactions.run((tx) =>
          subject.store.revokeAccessToken(tx, access.id, LATER),
        ),
      ).toBeNull();
      expect(
        await subject.transactions.run((tx) =>
          subject.store.revokeAccessToken(tx, nextId(), LATER),
        ),
      ).toBeNull();
    });
  });
}
