import { Injectable } from '@nestjs/common';
import { AuditLogEntryEntity } from '@gatehouse/persistence';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { ChainHead } from './audit-chain';
import type { AuditEntry } from './audit-entry';
import type { SealedHead } from './audit-seal';
import { AuditLogStore, AuditPageQuery } from './audit-log.store';

@Injectable()
export class TypeOrmAuditLogStore extends AuditLogStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async lockChain(manager: EntityManager, orgId: string): Promise<void> {
    // A transaction-scoped advisory lock: the first entry of an organization has no row to lock.
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`gatehouse.audit_log:${orgId}`]);
  }

  async head(manager: EntityManager, orgId: string): Promise<ChainHead | null> {
    const row = await manager.findOne(AuditLogEntryEntity, { where: { orgId }, order: { seq: 'DESC' }, select: { seq: true, hash: true } });
    return row ? { seq: Number(row.seq), hash: row.hash } : null;
  }

  async insert(manager: EntityManager, entry: Omit<AuditEntry, 'id'>): Promise<string> {
    const row: Omit<AuditLogEntryEntity, 'id'> = { ...entry, seq: String(entry.seq) };
    // `detail` is free-form JSON, which TypeORM's deep-partial insert type cannot express.
    const result = await manager.insert(AuditLogEntryEntity, row as QueryDeepPartialEntity<AuditLogEntryEntity>);
    return String((result.identifiers[0] as { id: string | number }).id);
  }

  async saveSealedHead(manager: EntityManager, head: SealedHead): Promise<void> {
    await manager.query(
      `INSERT INTO audit_heads (org_id, seq, hash, mac) VALUES ($1, $2, $3, $4)
       ON CONFLICT (org_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, mac = EXCLUDED.mac`,
      [head.orgId, head.seq, head.hash, head.mac],
    );
  }

  async sealedHead(orgId: string): Promise<SealedHead | null> {
    const [row] = (await this.dataSource.query(`SELECT org_id, seq, hash, mac FROM audit_heads WHERE org_id = $1`, [orgId])) as Array<{ org_id: string; seq: string; hash: string; mac: string }>;
    return row ? { orgId: row.org_id, seq: Number(row.seq), hash: row.hash, mac: row.mac } : null;
  }

  async page(query: AuditPageQuery): Promise<AuditEntry[]> {
    const builder = this.dataSource.manager
      .createQueryBuilder(AuditLogEntryEntity, 'a')
      .where('a.org_id = :orgId', { orgId: query.orgId })
      .orderBy('a.seq', 'DESC')
      .limit(query.limit);
    if (query.action !== undefined) builder.andWhere('a.action = :action', { action: query.action });
    if (query.clientId !== undefined) builder.andWhere('a.client_id = :clientId', { clientId: query.clientId });
    if (query.subject !== undefined) builder.andWhere('a.subject = :subject', { subject: query.subject });
    if (query.since !== undefined) builder.andWhere('a.created_at >= :since', { since: query.since });
    if (query.until !== undefined) builder.andWhere('a.created_at < :until', { until: query.until });
    if (query.beforeSeq !== undefined) builder.andWhere('a.seq < :beforeSeq', { beforeSeq: query.beforeSeq });
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

export function auditEntryOf(row: AuditLogEntryEntity): AuditEntry {
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
