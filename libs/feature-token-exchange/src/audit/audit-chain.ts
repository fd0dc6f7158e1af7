import { canonicalize } from 'json-canonicalize';
import { createHash } from 'node:crypto';
import type { AuditEntry, AuditEntryDraft } from './audit-entry';
import type { AuditSeal, SealedHead } from './audit-seal';

/** The fields an entry's hash covers: everything but the database id, the hash and its seal. */
export type HashedAuditFields = Omit<AuditEntry, 'id' | 'hash' | 'mac'>;

/** The link an entry continues: the organization's latest entry, or null before the first. */
export interface ChainHead {
  seq: number;
  hash: string;
}

/**
 * The chain rule (libs/feature-token-exchange/README.md "Audit log"): `hash = sha256_hex(prev_hash + canonical JSON of the entry)`,
 * the canonical JSON being RFC 8785 (JCS) over the hashed fields with `createdAt` as an ISO 8601
 * string; an organization's first entry has no `prev_hash` and hashes with the empty string.
 */
export function auditEntryHash(fields: HashedAuditFields): string {
  // Named one by one, so a field added to the entry (its seal) never slips into the hash.
  const {
    orgId,
    seq,
    action,
    outcome,
    errorCode,
    clientId,
    actorUserId,
    subject,
    detail,
    createdAt,
    prevHash,
  } = fields;
  const canonical = canonicalize({
    orgId,
    seq,
    action,
    outcome,
    errorCode,
    clientId,
    actorUserId,
    subject,
    detail,
    prevHash,
    createdAt: createdAt.toISOString(),
  });
  return createHash('sha256')
    .update(fields.prevHash ?? '', 'utf8')
    .update(canonical, 'utf8')
    .digest('hex');
}

/** The next entry of the chain whose head is `head`, stamped `createdAt`. */
export function chainAuditEntry(
  head: ChainHead | null,
  draft: AuditEntryDraft,
  createdAt: Date,
): Omit<AuditEntry, 'id' | 'mac'> {
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

type BrokenLinkProblem =
  | 'sequence_gap'
  | 'prev_hash_mismatch'
  | 'hash_mismatch'
  | 'mac_mismatch'
  | 'mac_missing'
  | 'truncated'
  | 'head_mismatch';

export interface BrokenLink {
  /** The entry where the chain stops holding. */
  seq: number;
  /** Null when that entry is gone (a cut tail) or the problem is the sealed head. */
  id: string | null;
  problem: BrokenLinkProblem;
  message: string;
}

export type AuditChainVerdict =
  { intact: true; checked: number } | { intact: false; checked: number; brokenAt: BrokenLink };

/**
 * With the seal key: every entry from the first sealed one on must carry its seal, and `head`
 * (the organization's sealed head row, read before the entries; null when there is none) must
 * be sealed and present in the chain.
 */
export interface SealedVerification {
  seal: AuditSeal;
  head: SealedHead | null;
}

/**
 * Walks one organization's entries in `seq` order and reports the first broken link: a missing
 * entry (seq gap: a deletion), an entry not pointing at its predecessor's hash (an entry rewritten
 * together with its hash), or an entry whose content no longer gives its hash (an edit). Those
 * need no key, and someone with write access could rewrite the chain and its hashes consistently
 * or cut its end; with the seal key (`SealedVerification`), a rewritten entry fails its seal and
 * a cut end falls short of the sealed head. Entries from before the log was sealed are checked
 * by their hashes only.
 */
export class AuditChainVerifier {
  private expectedSeq = 1;
  private previousHash: string | null = null;
  private checked = 0;
  private sealSeen = false;
  private broken: BrokenLink | null = null;

  constructor(private readonly sealed?: SealedVerification) {
    const head = sealed?.head;
    if (head && sealed.seal.sealHead(head.orgId, head.seq, head.hash).mac !== head.mac) {
      this.broken = {
        seq: head.seq,
        id: null,
        problem: 'head_mismatch',
        message: `the sealed head of the log (seq ${head.seq}) does not match its seal (it was changed)`,
      };
    }
  }

  /** Feeds the next entry (ascending seq); false once a broken link was found. */
  accept(entry: AuditEntry): boolean {
    if (this.broken) return false;
    this.broken = brokenLink(entry, this.expectedSeq, this.previousHash) ?? this.brokenSeal(entry);
    if (this.broken) return false;
    this.checked += 1;
    this.expectedSeq = entry.seq + 1;
    this.previousHash = entry.hash;
    return true;
  }

  verdict(): AuditChainVerdict {
    this.broken ??= this.cutTail();
    return this.broken
      ? { intact: false, checked: this.checked, brokenAt: this.broken }
      : { intact: true, checked: this.checked };
  }

  private brokenSeal(entry: AuditEntry): BrokenLink | null {
    if (!this.sealed) return null;
    const at = { seq: entry.seq, id: entry.id };
    if (entry.mac === null) {
      return this.sealSeen
        ? {
            ...at,
            problem: 'mac_missing',
            message: `entry seq ${entry.seq} (id ${entry.id}): has no seal, unlike the entries before it (it was inserted without the audit key)`,
          }
        : null;
    }
    this.sealSeen = true;
    if (entry.mac !== this.sealed.seal.entryMac(entry.hash)) {
      return {
        ...at,
        problem: 'mac_mismatch',
        message: `entry seq ${entry.seq} (id ${entry.id}): its seal does not match (the entry was rewritten without the audit key)`,
      };
    }
    const head = this.sealed.head;
    if (head && entry.seq === head.seq && entry.hash !== head.hash) {
      return {
        ...at,
        problem: 'head_mismatch',
        message: `entry seq ${entry.seq} (id ${entry.id}): is not the entry the sealed head names`,
      };
    }
    return null;
  }

  /** Entries appended while the walk ran are after the head read first, so only a shortfall counts. */
  private cutTail(): BrokenLink | null {
    if (!this.sealed) return null;
    const { head } = this.sealed;
    const lastSeq = this.expectedSeq - 1;
    if (!head) {
      return this.sealSeen
        ? {
            seq: lastSeq,
            id: null,
            problem: 'truncated',
            message: 'the sealed head of the log is missing (the end of the log may have been cut)',
          }
        : null;
    }
    if (lastSeq >= head.seq) return null;
    const missing =
      lastSeq + 1 === head.seq
        ? `entry seq ${head.seq} is missing`
        : `entries seq ${lastSeq + 1} to ${head.seq} are missing`;
    return {
      seq: lastSeq + 1,
      id: null,
      problem: 'truncated',
      message: `${missing}: the sealed head of the log is seq ${head.seq} (the end of the log was cut)`,
    };
  }
}

function brokenLink(
  entry: AuditEntry,
  expectedSeq: number,
  previousHash: string | null,
): BrokenLink | null {
  const at = { seq: entry.seq, id: entry.id };
  if (entry.seq !== expectedSeq) {
    const missing =
      entry.seq > expectedSeq
        ? describeMissing(expectedSeq, entry.seq - 1)
        : `seq ${entry.seq} is out of order (expected ${expectedSeq})`;
    return {
      ...at,
      problem: 'sequence_gap',
      message: `entry seq ${entry.seq} (id ${entry.id}): ${missing}`,
    };
  }
  if (entry.prevHash !== previousHash) {
    const problem =
      previousHash === null
        ? 'the first entry has a prev_hash'
        : `prev_hash is not the hash of entry seq ${expectedSeq - 1}`;
    return {
      ...at,
      problem: 'prev_hash_mismatch',
      message: `entry seq ${entry.seq} (id ${entry.id}): ${problem}`,
    };
  }
  if (auditEntryHash(entry) !== entry.hash) {
    return {
      ...at,
      problem: 'hash_mismatch',
      message: `entry seq ${entry.seq} (id ${entry.id}): content does not match its hash (the entry was changed)`,
    };
  }
  return null;
}

function describeMissing(from: number, to: number): string {
  return from === to ? `entry seq ${from} is missing` : `entries seq ${from} to ${to} are missing`;
}
