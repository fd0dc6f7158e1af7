import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/** Something that happened to the security of an account, shown to its owner (docs/security.md "Security notices"). */
@Entity({ name: 'security_events' })
@Index('security_events_user_id_created_at_idx', ['userId', 'createdAt'])
export class SecurityEventEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'user_id', type: 'char', length: 24 })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'security_events_user_id_fkey' })
  user?: UserEntity;

  /** `new_browser_sign_in`, `password_changed`, `email_changed`, `factor_added` ... */
  @Column({ type: 'text' })
  kind!: string;

  @Column({ type: 'jsonb' })
  details!: Record<string, string>;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
