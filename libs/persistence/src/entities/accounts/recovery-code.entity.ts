import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { UserEntity } from './user.entity';

/** A single-use recovery code of an account: only its SHA-256 is kept. */
@Entity({ name: 'recovery_codes' })
@Unique('recovery_codes_user_code_key', ['userId', 'codeHash'])
export class RecoveryCodeEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'user_id', type: 'char', length: 24 })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'recovery_codes_user_id_fkey' })
  user?: UserEntity;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
