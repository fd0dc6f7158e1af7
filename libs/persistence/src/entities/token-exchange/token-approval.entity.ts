import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from '../accounts/organization.entity';
import { PersonalAccessTokenEntity } from '../oauth/personal-access-token.entity';

/** An administrator's approval or denial of a fine-grained token in an organization. */
@Entity({ name: 'token_approvals' })
@Check('token_approvals_state_check', "state IN ('approved', 'denied')")
@Index('token_approvals_token_id_idx', ['tokenId'])
export class TokenApprovalEntity {
  @PrimaryColumn({ name: 'org_id', type: 'char', length: 24 })
  orgId!: string;

  @PrimaryColumn({ name: 'token_id', type: 'char', length: 24 })
  tokenId!: string;

  @Column({ type: 'text' })
  state!: 'approved' | 'denied';

  @Column({ name: 'decided_by', type: 'char', length: 24, nullable: true })
  decidedBy!: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz' })
  decidedAt!: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'token_approvals_org_id_fkey' })
  organization?: OrganizationEntity;

  @ManyToOne(() => PersonalAccessTokenEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'token_id', foreignKeyConstraintName: 'token_approvals_token_id_fkey' })
  token?: PersonalAccessTokenEntity;
}
