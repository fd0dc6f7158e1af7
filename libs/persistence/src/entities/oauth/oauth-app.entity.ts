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
import { OrganizationEntity } from '../accounts/organization.entity';
import { UserEntity } from '../accounts/user.entity';

/** An OAuth app (docs/oauth.md "Apps"). `clientSecretHash === null` means a public app. */
@Entity({ name: 'oauth_apps' })
@Unique('oauth_apps_client_id_key', ['clientId'])
@Check('oauth_apps_one_owner', 'num_nonnulls(owner_user_id, owner_org_id) = 1')
@Index('oauth_apps_owner_user_id_idx', ['ownerUserId'])
@Index('oauth_apps_owner_org_id_idx', ['ownerOrgId'])
@Index('oauth_apps_bound_org_id_idx', { synchronize: false })
export class OAuthAppEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'client_id', type: 'text' })
  clientId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'owner_user_id', type: 'char', length: 24, nullable: true })
  ownerUserId!: string | null;

  @Column({ name: 'owner_org_id', type: 'char', length: 24, nullable: true })
  ownerOrgId!: string | null;

  @Column({ name: 'client_secret_hash', type: 'text', nullable: true })
  clientSecretHash!: string | null;

  @Column({ name: 'redirect_uris', type: 'text', array: true, default: () => "'{}'" })
  redirectUris!: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes!: string[];

  @Column({ name: 'logo_uri', type: 'text', nullable: true })
  logoUri!: string | null;

  @Column({ name: 'homepage_url', type: 'text', nullable: true })
  homepageUrl!: string | null;

  @Column({
    name: 'post_logout_redirect_uris',
    type: 'text',
    array: true,
    default: () => "'{}'",
  })
  postLogoutRedirectUris!: string[];

  @Column({ name: 'backchannel_logout_uri', type: 'text', nullable: true })
  backchannelLogoutUri!: string | null;

  @Column({ name: 'backchannel_logout_session_required', type: 'boolean', default: false })
  backchannelLogoutSessionRequired!: boolean;

  @Column({ name: 'access_token_ttl_seconds', type: 'int', default: 28800 })
  accessTokenTtlSeconds!: number;

  @Column({ name: 'token_exchange', type: 'boolean', default: false })
  tokenExchange!: boolean;

  @Column({ name: 'bound_org_id', type: 'char', length: 24, nullable: true })
  boundOrgId!: string | null;

  @Column({ name: 'token_exchange_ttl_seconds', type: 'int', nullable: true })
  tokenExchangeTtlSeconds!: number | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_user_id', foreignKeyConstraintName: 'oauth_apps_owner_user_id_fkey' })
  ownerUser?: UserEntity;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_org_id', foreignKeyConstraintName: 'oauth_apps_owner_org_id_fkey' })
  ownerOrg?: OrganizationEntity;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'bound_org_id', foreignKeyConstraintName: 'oauth_apps_bound_org_id_fkey' })
  boundOrg?: OrganizationEntity;
}
