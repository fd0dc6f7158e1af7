import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from '../accounts/organization.entity';

/** An organization's token policy (docs/settings-api.md "Organization tokens"); no row: `allow_all`. */
@Entity({ name: 'organization_token_policies' })
@Check(
  'organization_token_policies_policy_check',
  "policy IN ('allow_all', 'fine_grained_only', 'require_approval')",
)
export class OrganizationTokenPolicyEntity {
  @PrimaryColumn({ name: 'org_id', type: 'char', length: 24 })
  orgId!: string;

  @Column({ type: 'text' })
  policy!: 'allow_all' | 'fine_grained_only' | 'require_approval';

  /** When `require_approval` was last switched on: fine-grained tokens created since wait for approval. */
  @Column({ name: 'approval_required_since', type: 'timestamptz', nullable: true })
  approvalRequiredSince!: Date | null;

  /** Members need a second factor to reach the organization (docs/security.md). */
  @Column({ name: 'require_two_factor', type: 'boolean', default: false })
  requireTwoFactor!: boolean;

  @Column({ name: 'updated_by', type: 'char', length: 24, nullable: true })
  updatedBy!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'org_id',
    foreignKeyConstraintName: 'organization_token_policies_org_id_fkey',
  })
  organization?: OrganizationEntity;
}
