import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { UserEntity } from '../accounts/user.entity';

/**
 * A refresh token (hash only). Tokens rotated from one another share `familyId`, so reuse of a
 * spent token can revoke the whole family (RFC 9700 section 4.14.2).
 */
@Entity({ name: 'refresh_tokens' })
@Unique('refresh_tokens_token_hash_key', ['tokenHash'])
@Index('refresh_tokens_family_id_idx', ['familyId'])
@Index('refresh_tokens_user_id_idx', ['userId'])
@Index('refresh_tokens_expires_at_idx', ['expiresAt'])
export class RefreshTokenEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'family_id', type: 'char', length: 24 })
  familyId!: string;

  @Column({ name: 'client_id', type: 'text' })
  clientId!: string;

  @Column({ name: 'user_id', type: 'char', length: 24 })
  userId!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes!: string[];

  @Column({ name: 'org_ids', type: 'text', array: true, default: () => "'{}'" })
  orgIds!: string[];

  @Column({ name: 'auth_time', type: 'timestamptz' })
  authTime!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /**
   * The answer of the rotation that spent this token, sealed for the reuse grace; read only by the
   * rotation statement, so a record read through the entity never holds it.
   */
  @Column({ name: 'rotation_answer', type: 'text', nullable: true, select: false })
  rotationAnswer?: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'refresh_tokens_user_id_fkey' })
  user?: UserEntity;
}
