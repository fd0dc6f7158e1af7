import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { WebhookEntity } from '../webhooks/webhook.entity';

export type DeliveryStatus =
  'pending' | 'succeeded' | 'retrying' | 'failed' | 'rate_limited' | 'cancelled';

/**
 * One event for one webhook. An event is delivered once per webhook (a partial unique index
 * on `(webhook_id, event_id)` for originals); a replay is a new row pointing at the original.
 */
@Entity({ name: 'deliveries' })
@Check(
  'deliveries_status_check',
  "status IN ('pending', 'succeeded', 'retrying', 'failed', 'rate_limited', 'cancelled')",
)
@Index('deliveries_webhook_id_event_id_key', { synchronize: false })
@Index('deliveries_webhook_id_created_at_idx', { synchronize: false })
@Index('deliveries_replay_of_idx', { synchronize: false })
@Index('deliveries_status_next_attempt_at_idx', ['status', 'nextAttemptAt'])
export class DeliveryEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'webhook_id', type: 'char', length: 24 })
  webhookId!: string;

  @Column({ name: 'event_id', type: 'text' })
  eventId!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ type: 'text', default: 'pending' })
  status!: DeliveryStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ name: 'last_status_code', type: 'int', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'replay_of', type: 'char', length: 24, nullable: true })
  replayOf!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @ManyToOne(() => WebhookEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id', foreignKeyConstraintName: 'deliveries_webhook_id_fkey' })
  webhook?: WebhookEntity;

  @ManyToOne(() => DeliveryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'replay_of', foreignKeyConstraintName: 'deliveries_replay_of_fkey' })
  original?: DeliveryEntity;
}
