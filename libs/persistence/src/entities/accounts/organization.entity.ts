import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { OrganizationPlan } from '@gatehouse/domain';

@Entity({ name: 'organizations' })
@Check('organizations_plan_check', "plan IN ('free', 'team', 'enterprise')")
@Index('organizations_name_ci_key', { synchronize: false })
export class OrganizationEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  fullname!: string;

  @Column({ type: 'text', default: 'free' })
  plan!: OrganizationPlan;

  @Column({ name: 'avatar_url', type: 'text', nullable: true })
  avatarUrl!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
