import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

@Entity({ name: 'users' })
// Case-insensitive uniqueness lives in expression indexes the migration owns.
@Index('users_username_ci_key', { synchronize: false })
@Index('users_email_ci_key', { synchronize: false })
@Index('users_owner_org_id_idx', ['ownerOrgId'], { where: 'owner_org_id IS NOT NULL' })
@Check('users_kind_check', "kind IN ('user', 'service_account')")
@Check('users_owner_org_check', "(kind = 'service_account') = (owner_org_id IS NOT NULL)")
export class UserEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ type: 'text' })
  username!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  fullname!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'is_pro', type: 'boolean', default: false })
  isPro!: boolean;

  @Column({ name: 'avatar_url', type: 'text', nullable: true })
  avatarUrl!: string | null;

  /** Null until the address is confirmed by its link; set at insert for accounts not made by sign-up. */
  @Column({
    name: 'email_confirmed_at',
    type: 'timestamptz',
    nullable: true,
    default: () => 'now()',
  })
  emailConfirmedAt!: Date | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  /** When the account is deleted, its owner having asked; signing in before then cancels it. */
  @Column({ name: 'deletion_due_at', type: 'timestamptz', nullable: true })
  deletionDueAt!: Date | null;

  /** A platform administrator (docs/admin-api.md); GATEHOUSE_PLATFORM_ADMINS names others. */
  @Column({ name: 'platform_admin', type: 'boolean', default: false })
  platformAdmin!: boolean;

  /** `service_account`: owned by `ownerOrgId`, no password, never signed in (docs/settings-api.md "Service accounts"). */
  @Column({ type: 'text', default: 'user' })
  kind!: 'user' | 'service_account';

  @Column({ name: 'owner_org_id', type: 'char', length: 24, nullable: true })
  ownerOrgId!: string | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_org_id', foreignKeyConstraintName: 'users_owner_org_id_fkey' })
  ownerOrg?: OrganizationEntity;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
