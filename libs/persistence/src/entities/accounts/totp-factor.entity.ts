import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * An account's authenticator-app secret (RFC 6238), sealed with GATEHOUSE_ENCRYPTION_KEY; active
 * once `confirmed_at` is set. `last_used_step` is the time step of the last code accepted: a code
 * of that step or an earlier one is refused.
 */
@Entity({ name: 'totp_factors' })
export class TotpFactorEntity {
  @PrimaryColumn({ name: 'user_id', type: 'char', length: 24 })
  userId!: string;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'totp_factors_user_id_fkey' })
  user?: UserEntity;

  @Column({ name: 'secret_encrypted', type: 'text' })
  secretEncrypted!: string;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  @Column({ name: 'last_used_step', type: 'bigint', nullable: true })
  lastUsedStep!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
