import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../accounts/user.entity';
import type {
  JobTokenAccess,
  WatchedItem,
  WebhookDomain,
  WebhookSettings,
} from '@gatehouse/domain';
import { JobEntity } from './job.entity';

/**
 * A webhook (docs/settings-api.md "Webhooks"): exactly one target, a URL or a Job spec (snapshotted from the source
 * Job, so it survives the Job's deletion). `revision` grows with every change, so consumers of
 * the compacted webhook-changed topic can drop stale versions. Each of the webhook's settings
 * (`WebhookSettings`) is a column of the same name.
 */
@Entity({ name: 'webhooks' })
@Check('webhooks_one_target', 'num_nonnulls(url, job_spec) = 1')
@Check('webhooks_job_token_check', "job_token IN ('none', 'read', 'write')")
@Check(
  'webhooks_previous_secret_check',
  'num_nonnulls(previous_secret_encrypted, previous_secret_until) IN (0, 2)',
)
@Index('webhooks_owner_user_id_idx', ['ownerUserId'])
@Index('webhooks_updated_at_idx', ['updatedAt'])
@Index('webhooks_job_source_id_idx', { synchronize: false })
export class WebhookEntity implements WebhookSettings {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'owner_user_id', type: 'char', length: 24 })
  ownerUserId!: string;

  @Column({ type: 'text', nullable: true })
  url!: string | null;

  @Column({ name: 'job_source_id', type: 'char', length: 24, nullable: true })
  jobSourceId!: string | null;

  @Column({ name: 'job_spec', type: 'jsonb', nullable: true })
  jobSpec!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  watched!: WatchedItem[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  domains!: WebhookDomain[];

  @Column({ name: 'job_token', type: 'text', default: 'none' })
  jobToken!: JobTokenAccess;

  @Column({ name: 'secret_encrypted', type: 'text', nullable: true })
  secretEncrypted!: string | null;

  /** The secret a rotation replaced, still sent until `previousSecretUntil` (the overlap). */
  @Column({ name: 'previous_secret_encrypted', type: 'text', nullable: true })
  previousSecretEncrypted!: string | null;

  @Column({ name: 'previous_secret_until', type: 'timestamptz', nullable: true })
  previousSecretUntil!: Date | null;

  /** name -> ciphertext */
  @Column({ name: 'job_secrets_encrypted', type: 'jsonb', default: () => "'{}'" })
  jobSecretsEncrypted!: Record<string, string>;

  @Column({ type: 'boolean', default: false })
  disabled!: boolean;

  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason!: string | null;

  @Column({ type: 'int', default: 1 })
  revision!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_user_id', foreignKeyConstraintName: 'webhooks_owner_user_id_fkey' })
  ownerUser?: UserEntity;

  @ManyToOne(() => JobEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'job_source_id', foreignKeyConstraintName: 'webhooks_job_source_id_fkey' })
  jobSource?: JobEntity;
}
