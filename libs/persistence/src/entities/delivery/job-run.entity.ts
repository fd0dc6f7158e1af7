import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { WebhookEntity } from '../webhooks/webhook.entity';
import { DeliveryEntity } from './delivery.entity';

/** A Job started by a Job webhook's delivery, on a launcher (Kubernetes Job, local process). */
@Entity({ name: 'job_runs' })
@Index('job_runs_delivery_id_idx', ['deliveryId'])
@Index('job_runs_webhook_id_idx', ['webhookId'])
export class JobRunEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'delivery_id', type: 'char', length: 24 })
  deliveryId!: string;

  @Column({ name: 'webhook_id', type: 'char', length: 24 })
  webhookId!: string;

  @Column({ type: 'text' })
  launcher!: string;

  @Column({ name: 'external_id', type: 'text', nullable: true })
  externalId!: string | null;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'exit_code', type: 'int', nullable: true })
  exitCode!: number | null;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @ManyToOne(() => DeliveryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'job_runs_delivery_id_fkey' })
  delivery?: DeliveryEntity;

  @ManyToOne(() => WebhookEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id', foreignKeyConstraintName: 'job_runs_webhook_id_fkey' })
  webhook?: WebhookEntity;
}
