import type { IssuedTokenRows, TransactionRunner } from '@gatehouse/identity';
import { Topics } from '@gatehouse/messaging';
import type { OutboxMessage } from '@gatehouse/persistence';
import type { AuditEntry } from '../audit-entry';
import type { SealedHead } from '../audit-seal';
import type { AuditLogStore } from './audit-log.store';

/** An audit log store, the runner its transactions come from, and the outbox its events go to. */
export interface AuditLogStoreSubject {
  store: AuditLogStore;
  transactions: TransactionRunner;
  /** Every outbox message written so far, oldest first. */
  outbox(): Promise<OutboxMessage[]>;
}

const START = Date.UTC(2026, 0, 1, 12);

let counter = 0;
function nextOrgId(): string {
  counter += 1;
  return `65e0${String(Date.now() % 1e8).padStart(8, '0')}${counter.toString(16).padStart(12, '0')}`;
}

const hex = (seq: number, salt: string) => `${salt}${seq}`.padEnd(64, '0');

/** An issuance: an access token with its token.issued event (no user, client or organization rows needed). */
function issuance(orgId: string): IssuedTokenRows {
  const id = `0a7c${orgId.slice(4)}`;
  const at = new Date(START);
  return {
    accessToken: {
      id,
      tokenHash: `${id}${'e'.repeat(40)}`,
      kind: 'trusted_publisher',
      userId: null,
      clientId: null,
      scopes: [],
      orgIds: [],
      boundOrgId: null,
      role: null,
      repo: null,
      refreshFamilyId: null,
      authTime: at,
      expiresAt: new Date(START + 3_600_000),
      revokedAt: null,
      createdAt: at,
    },
    refreshToken: null,
    events: [
      {
        topic: Topics.tokenEvents,
        key: id,
        value: JSON.stringify({ type: 'token.issued', tokenId: id }),
      },
    ],
  };
}

/**
 * What every AuditLogStore promises (in memory in the unit tier, TypeORM on PostgreSQL in the
 * integration tier): appends reserve their id and move the sealed head, with their event; reads
 * see one organization's entries only, newest first by page and oldest first by `ascending`.
 */
export function describeAuditLogStoreContract(
  name: string,
  open: () => Promise<AuditLogStoreSubject>,
): void {
  describe(`${name} (AuditLogStore contract)`, () => {
    let subject: AuditLogStoreSubject;

    beforeAll(async () => {
      subject = await open();
    });

    /** Appends `count` entries to the organization's chain, as AuditRecorder does. */
    async function appendEntries(
      orgId: string,
      count: number,
      fields: (seq: number) => Partial<AuditEntry> = () => ({}),
    ): Promise<AuditEntry[]> {
      const entries: AuditEntry[] = [];
      for (let seq = 1; seq <= count; seq++) {
        entries.push(
          await subject.transactions.run(async (tx) => {
            const slot = await subject.store.lockHead(tx, orgId);
            const entry: AuditEntry = {
              id: slot.id,
              orgId,
              seq,
              action: 'oauth.token_exchange',
              outcome: 'success',
              errorCode: null,
              clientId: 'app-a',
              actorUserId: null,
              subject: `member${seq}@example.com`,
              detail: { scopes: ['openid'], seq },
              createdAt: new Date(START + seq * 60_000),
              prevHash: seq === 1 ? null : hex(seq - 1, 'h'),
              hash: hex(seq, 'h'),
              mac: hex(seq, 'm'),
              ...fields(seq),
            };
            const head: SealedHead = { orgId, seq, hash: entry.hash, mac: hex(seq, 's') };
            await subject.store.append(tx, entry, head, {
              topic: Topics.audit,
              key: orgId,
              value: JSON.stringify({ seq }),
            });
            return entry;
          }),
        );
      }
      return entries;
    }

    it('starts an organization without head or entries', async () => {
      const orgId = nextOrgId();
      const slots = await subject.transactions.run(async (tx) => [
        await subject.store.lockHead(tx, orgId),
        await subject.store.lockHead(tx, orgId),
      ]);
      expect(slots.map((slot) => slot.head)).toEqual([null, null]);
      expect(slots[0]!.id).not.toBe(slots[1]!.id);
      expect(
        await subject.transactions.run(async (tx) => {
          await subject.store.lockChain(tx, orgId);
          return subject.store.latest(tx, orgId);
        }),
      ).toBeNull();
      expect(await subject.store.sealedHead(orgId)).toBeNull();
    });

    it('moves the sealed head and the latest entry with each append, and writes its event', async () => {
      const orgId = nextOrgId();
      const before = (await subject.outbox()).length;
      const [, second] = await appendEntries(orgId, 2);
      const head = { orgId, seq: 2, hash: second!.hash, mac: hex(2, 's') };
      expect(await subject.store.sealedHead(orgId)).toEqual(head);
      expect(
        (await subject.transactions.run((tx) => subject.store.lockHead(tx, orgId))).head,
      ).toEqual(head);
      expect(await subject.transactions.run((tx) => subject.store.latest(tx, orgId))).toEqual({
        seq: 2,
        hash: second!.hash,
      });
      const events = (await subject.outbox()).slice(before);
      expect(events.map(({ topic, key, value }) => ({ topic, key, value }))).toEqual([
        { topic: Topics.audit, key: orgId, value: '{"seq":1}' },
        { topic: Topics.audit, key: orgId, value: '{"seq":2}' },
      ]);
    });

    it('writes an issuance and locks the head as lockHead does, in one call', async () => {
      const orgId = nextOrgId();
      const [first] = await appendEntries(orgId, 1);
      const before = (await subject.outbox()).length;
      const tokens = issuance(orgId);
      const slot = await subject.transactions.run((tx) =>
        subject.store.lockHeadWithTokens(tx, orgId, tokens),
      );
      expect(slot.head).toEqual({ orgId, seq: 1, hash: first!.hash, mac: hex(1, 's') });
      expect(slot.id).not.toBe(first!.id);
      expect(
        (await subject.outbox())
          .slice(before)
          .map(({ topic, key, value }) => ({ topic, key, value })),
      ).toEqual(tokens.events.map(({ topic, key, value }) => ({ topic, key, value })));
      const fresh = nextOrgId();
      expect(
        (
          await subject.transactions.run((tx) =>
            subject.store.lockHeadWithTokens(tx, fresh, issuance(fresh)),
          )
        ).head,
      ).toBeNull();
    });

    it('pages one organization’s entries newest first, before a cursor', async () => {
      const orgId = nextOrgId();
      const entries = await appendEntries(orgId, 5);
      await appendEntries(nextOrgId(), 2);
      expect(await subject.store.page({ orgId, limit: 2 })).toEqual([entries[4], entries[3]]);
      expect(await subject.store.page({ orgId, limit: 2, beforeSeq: 4 })).toEqual([
        entries[2],
        entries[1],
      ]);
      expect(await subject.store.page({ orgId, limit: 10, beforeSeq: 1 })).toEqual([]);
    });

    it('filters a page by action, app, subject and time', async () => {
      const orgId = nextOrgId();
      const entries = await appendEntries(orgId, 4, (seq) => ({
        action: seq % 2 === 0 ? 'settings.token_duration_changed' : 'oauth.token_exchange',
        clientId: seq <= 2 ? 'app-a' : 'app-b',
        actorUserId: seq % 2 === 0 ? '65a000000000000000000001' : null,
        outcome: seq === 3 ? 'failure' : 'success',
        errorCode: seq === 3 ? 'invalid_grant' : null,
      }));
      expect(
        await subject.store.page({ orgId, limit: 10, action: 'settings.token_duration_changed' }),
      ).toEqual([entries[3], entries[1]]);
      expect(await subject.store.page({ orgId, limit: 10, clientId: 'app-b' })).toEqual([
        entries[3],
        entries[2],
      ]);
      expect(
        await subject.store.page({ orgId, limit: 10, subject: 'member1@example.com' }),
      ).toEqual([entries[0]]);
      expect(
        await subject.store.page({
          orgId,
          limit: 10,
          person: { actorUserId: '65a000000000000000000001', subjects: ['MEMBER1@example.com'] },
        }),
      ).toEqual([entries[3], entries[1], entries[0]]);
      expect(
        await subject.store.page({
          orgId,
          limit: 10,
          person: { actorUserId: null, subjects: ['member3@example.com'] },
        }),
      ).toEqual([entries[2]]);
      expect(
        await subject.store.page({ orgId, limit: 10, clientIds: ['app-a', 'app-gone'] }),
      ).toEqual([entries[1], entries[0]]);
      expect(await subject.store.page({ orgId, limit: 10, clientIds: [] })).toEqual([]);
      expect(
        await subject.store.page({
          orgId,
          limit: 10,
          since: entries[1]!.createdAt,
          until: entries[3]!.createdAt,
        }),
      ).toEqual([entries[2], entries[1]]);
    });

    it('walks one organization’s entries oldest first, batch by batch', async () => {
      const orgId = nextOrgId();
      const entries = await appendEntries(orgId, 5);
      expect(await subject.store.ascending(orgId, 0, 2)).toEqual([entries[0], entries[1]]);
      expect(await subject.store.ascending(orgId, 2, 2)).toEqual([entries[2], entries[3]]);
      expect(await subject.store.ascending(orgId, 4, 2)).toEqual([entries[4]]);
      expect(await subject.store.ascending(nextOrgId(), 0, 2)).toEqual([]);
    });
  });
}
