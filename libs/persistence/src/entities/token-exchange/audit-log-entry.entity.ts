import { Check, Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

export type AuditOutcome = 'success' | 'failure';

/**
 * One entry of an organization's audit log: numbered per organization (`seq`) and hash-chained
 * (`prevHash` is the previous entry's `hash`). The table is append-only: triggers refuse UPDATE,
 * DELETE and TRUNCATE (`ALTER TABLE audit_log DISABLE TRIGGER USER` lifts them, for tests only).
 * No foreign keys: entries outlive the organization, users and apps they name.
 */
@Entity({ name: 'audit_log' })
@Unique('audit_log_org_id_seq_key', ['orgId', 'seq'])
@Check('audit_log_outcome_check', "outcome IN ('success', 'failure')")
export class AuditLogEntryEntity {
  /** bigint: the driver returns it as a string. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'org_id', type: 'char', length: 24 })
  orgId!: string;

  @Column({ type: 'bigint' })
  seq!: string;

  @Column({ type: 'text' })
  action!: string;

  @Column({ type: 'text' })
  outcome!: AuditOutcome;

  @Column({ name: 'error_code', type: 'text', nullable: true })
  errorCode!: string | null;

  @Column({ name: 'client_id', type: 'text', nullable: true })
  clientId!: string | null;

  @Column({ name: 'actor_user_id', type: 'char', length: 24, nullable: true })
  actorUserId!: string | null;

  @Column({ type: 'text', nullable: true })
  subject!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  detail!: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'prev_hash', type: 'char', length: 64, nullable: true })
  prevHash!: string | null;

  @Column({ type: 'char', length: 64 })
  hash!: string;

  /** HMAC of `hash` under the audit seal key (never stored); null on entries from before sealing. */
  @Column({ type: 'char', length: 64, nullable: true })
  mac!: string | null;
}
