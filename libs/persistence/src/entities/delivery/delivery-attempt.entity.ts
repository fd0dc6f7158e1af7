import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { DeliveryEntity } from './delivery.entity';

/** One try of a delivery: one row per attempt. */
@Entity({ name: 'delivery_attempts' })
@Unique('delivery_attempts_delivery_id_attempt_no_key', ['deliveryId', 'attemptNo'])
export class DeliveryAttemptEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'delivery_id', type: 'char', length: 24 })
  deliveryId!: string;

  @Column({ name: 'attempt_no', type: 'int' })
  attemptNo!: number;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'duration_ms', type: 'int' })
  durationMs!: number;

  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'response_excerpt', type: 'text', nullable: true })
  responseExcerpt!: string | null;

  @ManyToOne(() => DeliveryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'delivery_id',
    foreignKeyConstraintName: 'delivery_attempts_delivery_id_fkey',
  })
  delivery?: DeliveryEntity;
}
