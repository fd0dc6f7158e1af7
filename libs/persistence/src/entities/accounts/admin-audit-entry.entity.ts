import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One action of a platform administrator through the admin API (docs/admin-api.md "Audit"),
 * written in the transaction of the change. No foreign keys: an entry outlives the user or
 * organization it names, and its actor, so names are kept as they were.
 */
@Entity({ name: 'admin_audit_log' })
@Check('admin_audit_log_target_type_check', "target_type IN ('user', 'organization')")
@Index('admin_audit_log_created_at_idx', ['createdAt'])
export class AdminAuditEntryEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'actor_user_id', type: 'char', length: 24 })
  actorUserId!: string;

  @Column({ name: 'actor_username', type: 'text' })
  actorUsername!: string;

  /** `user.created`, `user.disabled`, `organization.member_added` ... (docs/admin-api.md "Audit"). */
  @Column({ type: 'text' })
  action!: string;

  @Column({ name: 'target_type', type: 'text' })
  targetType!: 'user' | 'organization';

  @Column({ name: 'target_id', type: 'char', length: 24 })
  targetId!: string;

  @Column({ name: 'target_name', type: 'text' })
  targetName!: string;

  @Column({ type: 'jsonb' })
  details!: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
