import type { IssuedTokenRows, Transaction } from '@gatehouse/identity';
import type { InMemoryIssuedTokenWriter, OutboxWriter } from '@gatehouse/identity/testing';
import type { OutboxMessage } from '@gatehouse/persistence';
import type { ChainHead } from '../audit/audit-chain';
import type { AuditEntry } from '../audit/audit-entry';
import {
  AppendSlot,
  type AuditFilter,
  AuditLogStore,
  AuditPageQuery,
} from '../audit/ports/audit-log.store';
import type { SealedHead } from '../audit/audit-seal';

/** Test double of AuditLogStore; `entries` may be edited by a test to play a tamperer. */
export class InMemoryAuditLogStore extends AuditLogStore {
  readonly entries: AuditEntry[] = [];
  readonly locked: string[] = [];
  readonly heads = new Map<string, SealedHead>();
  private nextId = 1;

  /**
   * `outbox` receives the audit.recorded events (the identity test kit's recording outbox);
   * `tokens` writes the issuances of `lockHeadWithTokens` (over the identity test kit's stores).
   */
  constructor(
    private readonly outbox: OutboxWriter,
    private readonly tokens: InMemoryIssuedTokenWriter,
  ) {
    super();
  }

  async lockHead(_tx: Transaction, orgId: string): Promise<AppendSlot> {
    return { id: String(this.nextId++), head: this.heads.get(orgId) ?? null };
  }

  async lockHeadWithTokens(
    tx: Transaction,
    orgId: string,
    rows: IssuedTokenRows,
  ): Promise<AppendSlot> {
    await this.tokens.write(tx, rows);
    return this.lockHead(tx, orgId);
  }

  async lockChain(_tx: Transaction, orgId: string): Promise<void> {
    this.locked.push(orgId);
  }

  async latest(_tx: Transaction, orgId: string): Promise<ChainHead | null> {
    const last = this.of(orgId).at(-1);
    return last ? { seq: last.seq, hash: last.hash } : null;
  }

  async append(
    tx: Transaction,
    entry: AuditEntry,
    head: SealedHead,
    event: OutboxMessage,
  ): Promise<void> {
    this.entries.push(entry);
    this.heads.set(head.orgId, head);
    await this.outbox.append(tx, event);
  }

  async sealedHead(orgId: string): Promise<SealedHead | null> {
    return this.heads.get(orgId) ?? null;
  }

  async page(query: AuditPageQuery): Promise<AuditEntry[]> {
    return this.of(query.orgId)
      .filter((entry) => matchesAuditFilter(entry, query))
      .filter((entry) => query.beforeSeq === undefined || entry.seq < query.beforeSeq)
      .reverse()
      .slice(0, query.limit);
  }

  async ascending(orgId: string, afterSeq: number, limit: number): Promise<AuditEntry[]> {
    return this.of(orgId)
      .filter((entry) => entry.seq > afterSeq)
      .slice(0, limit);
  }

  of(orgId: string): AuditEntry[] {
    return this.entries.filter((entry) => entry.orgId === orgId).sort((a, b) => a.seq - b.seq);
  }
}

/** The filter as the port documents it; the TypeORM store says the same in SQL (the contract suite checks both). */
function matchesAuditFilter(entry: AuditEntry, filter: AuditFilter): boolean {
  return (
    (filter.action === undefined || entry.action === filter.action) &&
    (filter.clientId === undefined || entry.clientId === filter.clientId) &&
    (filter.subject === undefined || entry.subject === filter.subject) &&
    (filter.person === undefined ||
      (filter.person.actorUserId !== null && entry.actorUserId === filter.person.actorUserId) ||
      (entry.subject !== null &&
        filter.person.subjects.some(
          (subject) => subject.toLowerCase() === entry.subject!.toLowerCase(),
        ))) &&
    (filter.clientIds === undefined ||
      (entry.clientId !== null && filter.clientIds.includes(entry.clientId))) &&
    (filter.since === undefined || entry.createdAt >= filter.since) &&
    (filter.until === undefined || entry.createdAt < filter.until)
  );
}
