import type { OutboxMessage } from '@gatehouse/persistence';
import type { IssuedTokenRows, Transaction } from '@gatehouse/identity';
import type { ChainHead } from '../audit-chain';
import type { AuditEntry } from '../audit-entry';
import type { SealedHead } from '../audit-seal';

/** Which entries a reader wants; every field given must match. */
export interface AuditFilter {
  /** Only entries of this action. */
  action?: string;
  /** Only entries of this app. */
  clientId?: string;
  /** Only entries about this subject (the member the token was asked for). */
  subject?: string;
  /**
   * Only entries by or about one person: written by `actorUserId`, or whose subject is one of
   * `subjects` (compared without case, as e-mail addresses and usernames are unique so).
   */
  person?: { actorUserId: string | null; subjects: string[] };
  /** Only entries of one of these apps. */
  clientIds?: string[];
  /** Only entries written at or after this time. */
  since?: Date;
  /** Only entries written before this time. */
  until?: Date;
}

export interface AuditPageQuery extends AuditFilter {
  orgId: string;
  /** Only entries older than this one (the cursor of the previous page). */
  beforeSeq?: number;
  limit: number;
}

/** An append's place in the chain: the organization's sealed head row as stored, and the new entry's id. */
export interface AppendSlot {
  /** The database id reserved for the entry. */
  id: string;
  /** Null when the organization has no head row (no sealed entry yet, or removed). */
  head: SealedHead | null;
}

/**
 * Port over the append-only `audit_log` table and its `audit_heads` row per organization
 * (docs/benchmarks.md "Token exchange"): an append is `lockHead`, then `append`, two round trips,
 * serialized per organization only; an exchange's append is `lockHeadWithTokens`, then `append`.
 */
export abstract class AuditLogStore {
  /**
   * Locks the organization's head row until `tx` ends and reads it as committed
   * by the previous holder, reserving the entry's id.
   */
  abstract lockHead(tx: Transaction, orgId: string): Promise<AppendSlot>;
  /**
   * Writes an issuance (what IssuedTokenWriter writes) and does what `lockHead` does, in one
   * statement: the exchange's token and its audit slot share a round trip.
   */
  abstract lockHeadWithTokens(
    tx: Transaction,
    orgId: string,
    tokens: IssuedTokenRows,
  ): Promise<AppendSlot>;
  /**
   * Serializes appends to a chain that has no head row to lock until `tx`
   * ends, then locks the head row if one was created while waiting (call before `latest`).
   */
  abstract lockChain(tx: Transaction, orgId: string): Promise<void>;
  /** The organization's latest entry as committed (after lockHead or lockChain). */
  abstract latest(tx: Transaction, orgId: string): Promise<ChainHead | null>;
  /** Inserts the entry with its reserved id, replaces the sealed head and writes `event` to the outbox, in one write. */
  abstract append(
    tx: Transaction,
    entry: AuditEntry,
    head: SealedHead,
    event: OutboxMessage,
  ): Promise<void>;
  /** The organization's sealed head, or null (no sealed entry yet, or removed). */
  abstract sealedHead(orgId: string): Promise<SealedHead | null>;
  /** Newest first. */
  abstract page(query: AuditPageQuery): Promise<AuditEntry[]>;
  /** Oldest first, from `afterSeq` exclusive: the verification walk, batch by batch. */
  abstract ascending(orgId: string, afterSeq: number, limit: number): Promise<AuditEntry[]>;
}
