import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { UserEntity } from '../accounts/user.entity';

/**
 * A user's grant to an app. `clientId` has no foreign key: apps registered through a
 * client-ID metadata document (docs/oauth.md "Apps") have no `oauth_apps` row.
 */
@Entity({ name: 'consents' })
@Unique('consents_user_id_client_id_key', ['userId', 'clientId'])
export class ConsentEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'user_id', type: 'char', length: 24 })
  userId!: string;

  @Column({ name: 'client_id', type: 'text' })
  clientId!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes!: string[];

  @Column({ name: 'org_ids', type: 'text', array: true, default: () => "'{}'" })
  orgIds!: string[];

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'consents_user_id_fkey' })
  user?: UserEntity;
}
