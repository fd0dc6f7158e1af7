import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { OrgRole } from '@gatehouse/domain';
import { OrganizationEntity } from './organization.entity';
import { UserEntity } from './user.entity';

@Entity({ name: 'memberships' })
@Check('memberships_role_check', "role IN ('admin', 'write', 'contributor', 'read')")
@Index('memberships_user_id_idx', ['userId'])
export class MembershipEntity {
  @PrimaryColumn({ name: 'org_id', type: 'char', length: 24 })
  orgId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'char', length: 24 })
  userId!: string;

  @Column({ type: 'text' })
  role!: OrgRole;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'memberships_org_id_fkey' })
  organization?: OrganizationEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'memberships_user_id_fkey' })
  user?: UserEntity;
}
