import { Injectable } from '@nestjs/common';
import type { TriggerCount } from '@gatehouse/domain';
import { DeliveryAttemptEntity, DeliveryEntity } from '@gatehouse/persistence';
import { DataSource, In } from 'typeorm';
import type { DeliveryAttemptRecord, DeliveryRecord } from '../ports/delivery-activity';
import {
  DeliveryActivityReader,
  type DeliveryFilter,
  type DeliveryPosition,
  OUTCOME_STATUSES,
} from '../ports/delivery-activity.reader';

/** Reads what the delivery worker wrote; never writes (the tables are the worker's). */
@Injectable()
export class TypeOrmDeliveryActivityReader extends DeliveryActivityReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async recentDeliveries(
    webhookId: string,
    limit: number,
    before?: DeliveryPosition,
    filter: DeliveryFilter = {},
  ): Promise<DeliveryRecord[]> {
    const query = this.dataSource.manager
      .createQueryBuilder(DeliveryEntity, 'delivery')
      .where('delivery.webhook_id = :webhookId', { webhookId })
      .orderBy('delivery.created_at', 'DESC')
      .addOrderBy('delivery.id', 'DESC')
      .limit(limit);
    if (before)
      query.andWhere('(delivery.created_at, delivery.id) < (:createdAt, :id)', {
        createdAt: before.createdAt,
        id: before.id,
      });
    if (filter.outcome)
      query.andWhere('delivery.status IN (:...statuses)', {
        statuses: OUTCOME_STATUSES[filter.outcome],
      });
    if (filter.scope)
      query.andWhere(
        "(delivery.payload->'event'->>'scope' = :scope OR left(delivery.payload->'event'->>'scope', length(:scope) + 1) = :scope || '.')",
        { scope: filter.scope },
      );
    if (filter.repo)
      query.andWhere("delivery.payload->'repo'->>'name' = :repo", { repo: filter.repo });
    if (filter.since) query.andWhere('delivery.created_at >= :since', { since: filter.since });
    if (filter.until) query.andWhere('delivery.created_at < :until', { until: filter.until });
    return this.withAttempts(await query.getMany());
  }

  async findDelivery(webhookId: string, deliveryId: string): Promise<DeliveryRecord | null> {
    const row = await this.dataSource.manager.findOneBy(DeliveryEntity, {
      id: deliveryId,
      webhookId,
    });
    return row ? (await this.withAttempts([row]))[0]! : null;
  }

  async failedUnreplayedSince(webhookId: string, since: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT d.id FROM deliveries d
        WHERE d.webhook_id = $1 AND d.created_at >= $2 AND d.status = ANY($3)
          AND NOT EXISTS (SELECT 1 FROM deliveries r WHERE r.replay_of = d.id)
        ORDER BY d.created_at, d.id
        LIMIT $4`,
      [webhookId, since, [...OUTCOME_STATUSES.failed], limit],
    );
    return rows.map((row) => row.id);
  }

  async triggerCounts(webhookId: string, since: Date, bucketMs: number): Promise<TriggerCount[]> {
    const rows: Array<{ bucket: string; count: string }> = await this.dataSource.query(
      `SELECT floor(extract(epoch FROM created_at) * 1000 / $3)::bigint AS bucket, count(*) AS count
         FROM deliveries
        WHERE webhook_id = $1 AND created_at >= $2 AND status <> 'rate_limited'
        GROUP BY 1`,
      [webhookId, since, bucketMs],
    );
    return rows.map((row) => ({
      bucketStart: Number(row.bucket) * bucketMs,
      count: Number(row.count),
    }));
  }

  private async withAttempts(rows: DeliveryEntity[]): Promise<DeliveryRecord[]> {
    if (rows.length === 0) return [];
    const attempts = await this.dataSource.manager.find(DeliveryAttemptEntity, {
      where: { deliveryId: In(rows.map((row) => row.id)) },
      order: { attemptNo: 'ASC' },
    });
    const byDelivery = new Map<string, DeliveryAttemptRecord[]>();
    for (const attempt of attempts) {
      const list = byDelivery.get(attempt.deliveryId) ?? [];
      list.push({
        attemptNo: attempt.attemptNo,
        startedAt: attempt.startedAt,
        durationMs: attempt.durationMs,
        statusCode: attempt.statusCode,
        error: attempt.error,
        responseExcerpt: attempt.responseExcerpt,
      });
      byDelivery.set(attempt.deliveryId, list);
    }
    return rows.map((row) => ({
      id: row.id,
      webhookId: row.webhookId,
      eventId: row.eventId,
      payload: row.payload,
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.nextAttemptAt,
      lastStatusCode: row.lastStatusCode,
      lastError: row.lastError,
      replayOf: row.replayOf,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      attemptLog: byDelivery.get(row.id) ?? [],
    }));
  }
}
