import type { EntityManager } from 'typeorm';
import type { ChainHead } from './audit-chain';
import type { AuditEntry } from './audit-entry';
import type { SealedHead } from './audit-seal';

/** Which entries a reader wants; every field given must match. */
export interface AuditFilter {
  /** Only entries of this action. */
  action?: string;
  /** Only entries of this app. */
  clientId?: string;
  /** Only entries about this subject (the member the token was asked for). */
  subject?: string;
  /** Only entries written at or after this time. */
  since?: Date;
  /** Only entries written before this time. */
  until?: Date;
}

export function matchesAuditFilter(entry: AuditEntry, filter: AuditFilter): boolean {
  return (
    (filter.action === undefined || entry.action === filter.action) &&
    (filter.clientId === undefined || entry.clientId === filter.clientId) &&
    (filter.subject === undefined || entry.subject === filter.subject) &&
    (filter.since === undefined || entry.createdAt >= filter.since) &&
    (filter.until === undefined || entry.createdAt < filter.until)
  );
}

export interface AuditPageQuery extends AuditFilter {
  orgId: string;
  /** Only entries older than this one (the cursor of the previous page). */
  beforeSeq?: number;
  limit: number;
}

/** Port over the append-only `audit_log` table. */
export abstract class AuditLogStore {
  /** Serializes appends to one organization's chain until `manager`'s transaction ends. */
  abstract lockChain(manager: EntityManager, orgId: string): Promise<void>;
  /** The organization's latest entry (call after lockChain). */
  abstract head(manager: EntityManager, orgId: string): Promise<ChainHead | null>;
  /** Appends an entry; resolves to its database id. */
  abstract insert(manager: EntityManager, entry: Omit<AuditEntry, 'id'>): Promise<string>;
  /** Replaces the organization's sealed head (in the append's transaction). */
  abstract saveSealedHead(manager: EntityManager, head: SealedHead): Promise<void>;
  /** The organization's sealed head, or null (no sealed entry yet, or removed). */
  abstract sealedHead(orgId: string): Promise<SealedHead | null>;
  /** Newest first. */
  abstract page(query: AuditPageQuery): Promise<AuditEntry[]>;
  /** Oldest first, from `afterSeq` exclusive: the verification walk, batch by batch. */
  abstract ascending(orgId: string, afterSeq: number, limit: number): Promise<AuditEntry[]>;
}
