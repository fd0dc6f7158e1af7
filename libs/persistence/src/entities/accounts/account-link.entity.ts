import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  Unique,
} from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * A link sent by e-mail: an address to confirm (`email`, the account's new address), a password
 * reset, or an invitation to sign up (no user; `email` when it names one). Only the SHA-256 of its
 * secret is kept; `used_at` makes it single use.
 */
@Entity({ name: 'account_links' })
@Check(
  'account_links_purpose_check',
  "purpose IN ('confirm_email', 'reset_password', 'invitation')",
)
@Check('account_links_user_check', "(purpose = 'invitation') = (user_id IS NULL)")
@Unique('account_links_token_hash_key', ['tokenHash'])
@Index('account_links_user_id_idx', ['userId'])
export class AccountLinkEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ type: 'text' })
  purpose!: 'confirm_email' | 'reset_password' | 'invitation';

  @Column({ name: 'user_id', type: 'char', length: 24, nullable: true })
  userId!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'account_links_user_id_fkey' })
  user?: UserEntity;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
