import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../accounts/user.entity';

/**
 * The additional authenticated data a Job secret is sealed with (SecretBox `context`), so a
 * ciphertext copied to another Job or name does not open. Every reader must use it.
 */
export function jobSecretContext(jobId: string, name: string): string {
  return `jobs/${jobId}/secrets/${name}`;
}

/** A source Job that Job webhooks start (`job_id`, libs/feature-webhooks/README.md). Secrets are stored encrypted. */
@Entity({ name: 'jobs' })
@Index('jobs_owner_user_id_idx', ['ownerUserId'])
export class JobEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'owner_user_id', type: 'char', length: 24 })
  ownerUserId!: string;

  /** argv */
  @Column({ type: 'jsonb' })
  command!: string[];

  @Column({ name: 'docker_image', type: 'text', nullable: true })
  dockerImage!: string | null;

  @Column({ name: 'space_id', type: 'text', nullable: true })
  spaceId!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  environment!: Record<string, string>;

  /** name -> ciphertext sealed with `jobSecretContext(id, name)` */
  @Column({ name: 'secrets_encrypted', type: 'jsonb', default: () => "'{}'" })
  secretsEncrypted!: Record<string, string>;

  @Column({ type: 'text', default: 'cpu-basic' })
  flavor!: string;

  @Column({ name: 'timeout_seconds', type: 'int', nullable: true })
  timeoutSeconds!: number | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_user_id', foreignKeyConstraintName: 'jobs_owner_user_id_fkey' })
  ownerUser?: UserEntity;
}
