import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { OutboxWriter, TransactionRunner } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type { EntityManager } from 'typeorm';
import { chainAuditEntry } from './audit-chain';
import type { AuditEntry, AuditEntryDraft } from './audit-entry';
import { auditRecordedMessage } from './audit-event';
import { AuditLogStore } from './audit-log.store';
import { AuditSeal } from './audit-seal';

/**
 * Appends entries to an organization's hash-chained audit log, sealed (AuditSeal: the entry's mac
 * and the organization's sealed head), with their audit.recorded event in the outbox, in the
 * caller's transaction: an exchange commits its token and its entry together, or neither.
 */
@Injectable()
export class AuditRecorder {
  constructor(
    private readonly store: AuditLogStore,
    private readonly outbox: OutboxWriter,
    private readonly transactions: TransactionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly seal: AuditSeal,
  ) {}

  async record(manager: EntityManager, draft: AuditEntryDraft): Promise<AuditEntry> {
    await this.store.lockChain(manager, draft.orgId);
    const head = await this.store.head(manager, draft.orgId);
    const chained = chainAuditEntry(head, draft, new Date(this.clock.now()));
    const sealed = { ...chained, mac: this.seal.entryMac(chained.hash) };
    const entry: AuditEntry = { ...sealed, id: await this.store.insert(manager, sealed) };
    await this.store.saveSealedHead(manager, this.seal.sealHead(entry.orgId, entry.seq, entry.hash));
    await this.outbox.append(manager, auditRecordedMessage(entry));
    return entry;
  }

  /** Records an entry in a transaction of its own (refused attempts, which store nothing else). */
  recordAlone(draft: AuditEntryDraft): Promise<AuditEntry> {
    return this.transactions.run((manager) => this.record(manager, draft));
  }
}
