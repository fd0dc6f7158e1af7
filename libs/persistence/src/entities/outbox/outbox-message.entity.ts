import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An event written in the same transaction as the change it announces, relayed later. */
@Entity({ name: 'outbox' })
@Index('outbox_unsent_idx', { synchronize: false })
export class OutboxMessageEntity {
  /** bigint: the driver returns it as a string. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'text' })
  topic!: string;

  @Column({ type: 'text' })
  key!: string;

  @Column({ type: 'text' })
  value!: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  headers!: Record<string, string>;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
