import { canonicalize } from 'json-canonicalize';
import { createHash } from 'node:crypto';
import type { AuditEntry, AuditEntryDraft } from './audit-entry';

/** The fields an entry's hash covers: everything but the database id and the hash itself. */
export type HashedAuditFields = Omit<AuditEntry, 'id' | 'hash'>;

/** The link an entry continues: the organization's latest entry, or null before the first. */
export interface ChainHead {
  seq: number;
  hash: string;
}

/**
 * The chain rule (issue 5 item 3): `hash = sha256_hex(prev_hash + canonical JSON of the entry)`,
 * the canonical JSON being RFC 8785 (JCS) over the hashed fields with `createdAt` as an ISO 8601
 * string; an organization's first entry has no `prev_hash` and hashes with the empty string.
 */
export function auditEntryHash(fields: HashedAuditFields): string {
  const { createdAt, ...rest } = fields;
  const canonical = canonicalize({ ...rest, createdAt: createdAt.toISOString() });
  return createHash('sha256')
    .update(fields.prevHash ?? '', 'utf8')
    .update(canonical, 'utf8')
    .digest('hex');
}

/** The next entry of the chain whose head is `head`, stamped `createdAt`. */
export function chainAuditEntry(head: ChainHead | null, draft: AuditEntryDraft, createdAt: Date): Omit<AuditEntry, 'id'> {
  const fields: HashedAuditFields = {
    orgId: draft.orgId,
    seq: head ? head.seq + 1 : 1,
    action: draft.action,
    outcome: draft.outcome,
    errorCode: draft.errorCode ?? null,
    clientId: draft.clientId ?? null,
    actorUserId: draft.actorUserId ?? null,
    subject: draft.subject ?? null,
    detail: draft.detail ?? {},
    createdAt,
    prevHash: head ? head.hash : null,
  };
  return { ...fields, hash: auditEntryHash(fields) };
}

export type BrokenLinkProblem = 'sequence_gap' | 'prev_hash_mismatch' | 'hash_mismatch';

export interface BrokenLink {
  /** The entry where the chain stops holding. */
  seq: number;
  id: string;
  problem: BrokenLinkProblem;
  message: string;
}

export type AuditChainVerdict = { intact: true; checked: number } | { intact: false; checked: number; brokenAt: BrokenLink };

/**
 * Walks one organization's entries in `seq` order and reports the first broken link: a missing
 * entry (seq gap: a deletion), an entry not pointing at its predecessor's hash (an entry rewritten
 * together with its hash), or an entry whose content no longer gives its hash (an edit). Deleting
 * the newest entries leaves an intact, shorter chain: anchoring the head elsewhere (the audit
 * events on Kafka carry each hash) is what reveals that.
 */
export class AuditChainVerifier {
  private expectedSeq = 1;
  private previousHash: string | null = null;
  private checked = 0;
  private broken: BrokenLink | null = null;

  /** Feeds the next entry (ascending seq); false once a broken link was found. */
  accept(entry: AuditEntry): boolean {
    if (this.broken) return false;
    this.broken = brokenLink(entry, this.expectedSeq, this.previousHash);
    if (this.broken) return false;
    this.checked += 1;
    this.expectedSeq = entry.seq + 1;
    this.previousHash = entry.hash;
    return true;
  }

  verdict(): AuditChainVerdict {
    return this.broken ? { intact: false, checked: this.checked, brokenAt: this.broken } : { intact: true, checked: this.checked };
  }
}

/** One-shot form of AuditChainVerifier. */
export function verifyAuditChain(entries: Iterable<AuditEntry>): AuditChainVerdict {
  const verifier = new AuditChainVerifier();
  for (const entry of entries) if (!verifier.accept(entry)) break;
  return verifier.verdict();
}

function brokenLink(entry: AuditEntry, expectedSeq: number, previousHash: string | null): BrokenLink | null {
  const at = { seq: entry.seq, id: entry.id };
  if (entry.seq !== expectedSeq) {
    const missing = entry.seq > expectedSeq ? describeMissing(expectedSeq, entry.seq - 1) : `seq ${entry.seq} is out of order (expected ${expectedSeq})`;
    return { ...at, problem: 'sequence_gap', message: `entry seq ${entry.seq} (id ${entry.id}): ${missing}` };
  }
  if (entry.prevHash !== previousHash) {
    const problem = previousHash === null ? 'the first entry has a prev_hash' : `prev_hash is not the hash of entry seq ${expectedSeq - 1}`;
    return { ...at, problem: 'prev_hash_mismatch', message: `entry seq ${entry.seq} (id ${entry.id}): ${problem}` };
  }
  const { id: _id, hash, ...fields } = entry;
  if (auditEntryHash(fields) !== hash) {
    return { ...at, problem: 'hash_mismatch', message: `entry seq ${entry.seq} (id ${entry.id}): content does not match its hash (the entry was changed)` };
  }
  return null;
}

function describeMissing(from: number, to: number): string {
  return from === to ? `entry seq ${from} is missing` : `entries seq ${from} to ${to} are missing`;
}
