import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { type IssuedTokenWrite, type Transaction, TransactionRunner } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { chainAuditEntry } from './audit-chain';
import type { ChainHead } from './audit-chain';
import type { AuditEntry, AuditEntryDraft } from './audit-entry';
import { auditRecordedMessage } from './audit-event';
import { AppendSlot, AuditLogStore } from './ports/audit-log.store';
import { AuditSeal } from './audit-seal';
import type { SealedHead } from './audit-seal';

/**
 * Appends entries to an organization's hash-chained audit log, sealed (AuditSeal: the entry's mac
 * and the organization's sealed head), with their audit.recorded event in the outbox, in the
 * caller's transaction: an exchange commits its token and its entry together, or neither.
 *
 * The chain continues from the organization's head row, locked (docs/benchmarks.md "Token
 * exchange"): one statement locks and reads it (an exchange's: the one that writes its token,
 * `tokenWriteLockingHead`), one writes the entry, the head and the event.
 * Without a head row (an organization's first entry, a log from before the seal) or with a head
 * row whose seal fails, the chain continues from the latest entry instead, as before the seal.
 */
@Injectable()
export class AuditRecorder {
  constructor(
    private readonly store: AuditLogStore,
    private readonly transactions: TransactionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly seal: AuditSeal,
  ) {}

  /** `slot`: the draft organization's, already taken in `tx` by `tokenWriteLockingHead`. */
  async record(tx: Transaction, draft: AuditEntryDraft, slot?: AppendSlot): Promise<AuditEntry> {
    slot ??= await this.store.lockHead(tx, draft.orgId);
    const head =
      this.sealedLink(slot.head) ?? (await this.latestLink(tx, draft.orgId, slot.head !== null));
    const chained = chainAuditEntry(head, draft, new Date(this.clock.now()));
    const entry: AuditEntry = { ...chained, id: slot.id, mac: this.seal.entryMac(chained.hash) };
    await this.store.append(
      tx,
      entry,
      this.seal.sealHead(entry.orgId, entry.seq, entry.hash),
      auditRecordedMessage(entry),
    );
    return entry;
  }

  /** TokenIssuer's write for an issuance audited in `orgId`'s log: the tokens and the head lock in one statement. */
  tokenWriteLockingHead(orgId: string): IssuedTokenWrite<AppendSlot> {
    return (tx, rows) => this.store.lockHeadWithTokens(tx, orgId, rows);
  }

  /** Records an entry in a transaction of its own (refused attempts, which store nothing else). */
  recordAlone(draft: AuditEntryDraft): Promise<AuditEntry> {
    return this.transactions.run((tx) => this.record(tx, draft));
  }

  /** The head row as the chain's link when its seal holds. */
  private sealedLink(head: SealedHead | null): ChainHead | null {
    if (!head || this.seal.sealHead(head.orgId, head.seq, head.hash).mac !== head.mac) return null;
    return { seq: head.seq, hash: head.hash };
  }

  /** A locked head row already serializes the appends; without one, the chain lock does. */
  private async latestLink(
    tx: Transaction,
    orgId: string,
    headLocked: boolean,
  ): Promise<ChainHead | null> {
    if (!headLocked) await this.store.lockChain(tx, orgId);
    return this.store.latest(tx, orgId);
  }
}
