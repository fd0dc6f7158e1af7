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
import type { AccessTokenKind, TokenRepository } from '@gatehouse/domain';
import { OrganizationEntity } from '../accounts/organization.entity';
import { UserEntity } from '../accounts/user.entity';

/** An issued opaque access token; only its SHA-256 (hex) is stored. */
@Entity({ name: 'access_tokens' })
@Unique('access_tokens_token_hash_key', ['tokenHash'])
@Check('access_tokens_kind_check', "kind IN ('oauth', 'exchange', 'trusted_publisher')")
@Index('access_tokens_user_id_idx', ['userId'])
@Index('access_tokens_refresh_family_id_idx', ['refreshFamilyId'])
@Index('access_tokens_expires_at_idx', ['expiresAt'])
@Index('access_tokens_bound_org_id_idx', { synchronize: false })
export class AccessTokenEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ type: 'text' })
  kind!: AccessTokenKind;

  @Column({ name: 'user_id', type: 'char', length: 24, nullable: true })
  userId!: string | null;

  @Column({ name: 'client_id', type: 'text', nullable: true })
  clientId!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes!: string[];

  @Column({ name: 'org_ids', type: 'text', array: true, default: () => "'{}'" })
  orgIds!: string[];

  @Column({ name: 'bound_org_id', type: 'char', length: 24, nullable: true })
  boundOrgId!: string | null;

  @Column({ type: 'text', nullable: true })
  role!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  repo!: TokenRepository | null;

  @Column({ name: 'refresh_family_id', type: 'char', length: 24, nullable: true })
  refreshFamilyId!: string | null;

  @Column({ name: 'auth_time', type: 'timestamptz', nullable: true })
  authTime!: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'access_tokens_user_id_fkey' })
  user?: UserEntity;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'bound_org_id', foreignKeyConstraintName: 'access_tokens_bound_org_id_fkey' })
  boundOrg?: OrganizationEntity;
}
