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
import type { FineGrainedGrant, PersonalAccessTokenRole } from '@gatehouse/domain';
import { UserEntity } from '../accounts/user.entity';

/** A user's `hf_...` access token; only its SHA-256 (hex) is stored. */
@Entity({ name: 'personal_access_tokens' })
@Unique('personal_access_tokens_token_hash_key', ['tokenHash'])
@Check('personal_access_tokens_role_check', "role IN ('read', 'write', 'fineGrained')")
@Check(
  'personal_access_tokens_fine_grained_check',
  "(role = 'fineGrained') = (fine_grained IS NOT NULL)",
)
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

  /** Role `fineGrained`: what the token may do; null for `read` and `write` tokens. */
  @Column({ name: 'fine_grained', type: 'jsonb', nullable: true })
  fineGrained!: FineGrainedGrant | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  /** `hf_…abcd`, kept at creation; null for tokens created before it was. */
  @Column({ type: 'text', nullable: true })
  preview!: string | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  /** Where the token was last used, coarsely: an anonymised address prefix. */
  @Column({ name: 'last_used_address', type: 'text', nullable: true })
  lastUsedAddress!: string | null;

  /** The family of the client it was last used from (`huggingface_hub`, `browser`, …). */
  @Column({ name: 'last_used_client', type: 'text', nullable: true })
  lastUsedClient!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'personal_access_tokens_user_id_fkey' })
  user?: UserEntity;
}
