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
import type { PersonalAccessTokenRole } from '@gatehouse/domain';
import { UserEntity } from '../accounts/user.entity';

/** A user's `hf_...` access token; only its SHA-256 (hex) is stored. */
@Entity({ name: 'personal_access_tokens' })
@Unique('personal_access_tokens_token_hash_key', ['tokenHash'])
@Check('personal_access_tokens_role_check', "role IN ('read', 'write')")
@Index('personal_access_tokens_user_id_idx', ['userId'])
export class PersonalAccessTokenEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'user_id', type: 'char', length: 24 })
  userId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  role!: PersonalAccessTokenRole;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'personal_access_tokens_user_id_fkey' })
  user?: UserEntity;
}
