import { Injectable } from '@nestjs/common';
import { AuditLogEntryEntity } from '@gatehouse/persistence';
import type { OutboxMessage } from '@gatehouse/persistence';
import {
  addIssuedTokenParts,
  CteStatement,
  entityManagerOf,
  type IssuedTokenRows,
  type Transaction,
} from '@gatehouse/identity';
import { DataSource } from 'typeorm';
import type { ChainHead } from '../audit-chain';
import type { AuditEntry } from '../audit-entry';
import type { SealedHead } from '../audit-seal';
import { AppendSlot, AuditLogStore, AuditPageQuery } from '../ports/audit-log.store';

@Injectable()
export class TypeOrmAuditLogStore extends AuditLogStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async lockHead(tx: Transaction, orgId: string): Promise<AppendSlot> {
    const [row] = (await entityManagerOf(tx, { holdsLocks: true }).query(
      `SELECT ${headLockColumns('$1')}`,
      [orgId],
    )) as HeadLockRow[];
    return appendSlotOf(orgId, row!);
  }

  async lockHeadWithTokens(
    tx: Transaction,
    orgId: string,
    tokens: IssuedTokenRows,
  ): Promise<AppendSlot> {
    const manager = entityManagerOf(tx, { holdsLocks: true });
    const sql = new CteStatement();
    sql.parts.push(`access AS (${addIssuedTokenParts(sql, tokens)})`);
    const org = sql.param(orgId);
    // Data-modifying CTEs run whether or not the main query reads them; the main query is the head lock.
    const [row] = (await manager.query(
      `WITH ${sql.parts.join(',\n')}\nSELECT ${headLockColumns(org)}`,
      sql.params,
    )) as HeadLockRow[];
    return appendSlotOf(orgId, row!);
  }

  async lockChain(tx: Transaction, orgId: string): Promise<void> {
    const manager = entityManagerOf(tx, { holdsLocks: true });
    // A transaction-scoped advisory lock: the first entry of an organization has no row to lock.
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `gatehouse.audit_log:${orgId}`,
    ]);
    // A head row committed while this waited is locked by appenders that do not take the advisory lock.
    await manager.query('SELECT 1 FROM audit_heads WHERE org_id = $1 FOR UPDATE', [orgId]);
  }

  async latest(tx: Transaction, orgId: string): Promise<ChainHead | null> {
    const manager = entityManagerOf(tx);
    const row = await manager.findOne(AuditLogEntryEntity, {
      where: { orgId },
      order: { seq: 'DESC' },
      select: { seq: true, hash: true },
    });
    return row ? { seq: Number(row.seq), hash: row.hash } : null;
  }

  async append(
    tx: Transaction,
    entry: AuditEntry,
    head: SealedHead,
    event: OutboxMessage,
  ): Promise<void> {
    const manager = entityManagerOf(tx);
    // The outbox row is the one appendOutbox writes: topic, key, value, headers (default {}).
    await manager.query(
      `WITH entry AS (
         INSERT INTO audit_log (id, org_id, seq, action, outcome, error_code, client_id, actor_user_id, subject, detail, created_at, prev_hash, hash, mac)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14)
       ), head AS (
         INSERT INTO audit_heads (org_id, seq, hash, mac) VALUES ($15, $16, $17, $18)
         ON CONFLICT (org_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, mac = EXCLUDED.mac
       )
       INSERT INTO outbox (topic, key, value, headers) VALUES ($19, $20, $21, $22::jsonb)`,
      [
        entry.id,
        entry.orgId,
        entry.seq,
        entry.action,
        entry.outcome,
        entry.errorCode,
        entry.clientId,
        entry.actorUserId,
        entry.subject,
        JSON.stringify(entry.detail),
        entry.createdAt,
        entry.prevHash,
        entry.hash,
        entry.mac,
        head.orgId,
        head.seq,
        head.hash,
        head.mac,
        event.topic,
        event.key,
        event.value,
        JSON.stringify(event.headers ?? {}),
      ],
    );
  }

  async sealedHead(orgId: string): Promise<SealedHead | null> {
    const [row] = (await this.dataSource.query(
      `SELECT org_id, seq, hash, mac FROM audit_heads WHERE org_id = $1`,
      [orgId],
    )) as Array<{ org_id: string; seq: string; hash: string; mac: string }>;
    return row ? { orgId: row.org_id, seq: Number(row.seq), hash: row.hash, mac: row.mac } : null;
  }

  async page(query: AuditPageQuery): Promise<AuditEntry[]> {
    const builder = this.dataSource.manager
      .createQueryBuilder(AuditLogEntryEntity, 'a')
      .where('a.org_id = :orgId', { orgId: query.orgId })
      .orderBy('a.seq', 'DESC')
      .limit(query.limit);
    if (query.action !== undefined)
      builder.andWhere('a.action = :action', { action: query.action });
    if (query.clientId !== undefined)
      builder.andWhere('a.client_id = :clientId', { clientId: query.clientId });
    if (query.subject !== undefined)
      builder.andWhere('a.subject = :subject', { subject: query.subject });
    if (query.person !== undefined) {
      const subjects = query.person.subjects.map((text) => text.toLowerCase());
      builder.andWhere(
        '(a.actor_user_id = :personActor OR lower(a.subject) = ANY(:personSubjects))',
        { personActor: query.person.actorUserId, personSubjects: subjects },
      );
    }
    if (query.clientIds !== undefined)
      builder.andWhere('a.client_id = ANY(:clientIds)', { clientIds: query.clientIds });
    if (query.since !== undefined)
      builder.andWhere('a.created_at >= :since', { since: query.since });
    if (query.until !== undefined)
      builder.andWhere('a.created_at < :until', { until: query.until });
    if (query.beforeSeq !== undefined)
      builder.andWhere('a.seq < :beforeSeq', { beforeSeq: query.beforeSeq });
    return (await builder.getMany()).map(auditEntryOf);
  }

  async ascending(orgId: string, afterSeq: number, limit: number): Promise<AuditEntry[]> {
    const rows = await this.dataSource.manager
      .createQueryBuilder(AuditLogEntryEntity, 'a')
      .where('a.org_id = :orgId', { orgId })
      .andWhere('a.seq > :afterSeq', { afterSeq })
      .orderBy('a.seq', 'ASC')
      .limit(limit)
      .getMany();
    return rows.map(auditEntryOf);
  }
}

interface HeadLockRow {
  id: string;
  head: { seq: number | string; hash: string; mac: string } | null;
}

/**
 * The entry's reserved id and the organization's head row, locked. After waiting for the lock,
 * READ COMMITTED returns the row as the previous holder committed it (the sub-select is
 * re-evaluated on the new row version), so the head read is never stale.
 */
function headLockColumns(orgParam: string): string {
  return `nextval(pg_get_serial_sequence('audit_log', 'id'))::text AS id,
    (SELECT json_build_object('seq', h.seq, 'hash', h.hash, 'mac', h.mac) FROM audit_heads h WHERE h.org_id = ${orgParam} FOR UPDATE) AS head`;
}

function appendSlotOf(orgId: string, { id, head }: HeadLockRow): AppendSlot {
  return {
    id,
    head: head ? { orgId, seq: Number(head.seq), hash: head.hash, mac: head.mac } : null,
  };
}

function auditEntryOf(row: AuditLogEntryEntity): AuditEntry {
  return {
    id: String(row.id),
    orgId: row.orgId,
    seq: Number(row.seq),
    action: row.action,
    outcome: row.outcome,
    errorCode: row.errorCode,
    clientId: row.clientId,
    actorUserId: row.actorUserId,
    subject: row.subject,
    detail: row.detail ?? {},
    createdAt: row.createdAt,
    prevHash: row.prevHash,
    hash: row.hash,
    mac: row.mac,
  };
}
