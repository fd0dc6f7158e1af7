import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { WebhookHealthState } from '@gatehouse/domain';
import { WebhookEntity } from './webhook.entity';

/**
 * A webhook's endpoint health as its owner is told (docs/settings.md "When a webhook fails"),
 * written by the delivery worker; no row is healthy.
 */
@Entity({ name: 'webhook_health' })
@Check('webhook_health_state_check', "state IN ('healthy', 'failing', 'failing_long', 'disabled')")
export class WebhookHealthEntity {
  @PrimaryColumn({ name: 'webhook_id', type: 'char', length: 24 })
  webhookId!: string;

  @Column({ type: 'text' })
  state!: WebhookHealthState;

  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince!: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;

  @OneToOne(() => WebhookEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id', foreignKeyConstraintName: 'webhook_health_webhook_id_fkey' })
  webhook?: WebhookEntity;
}
