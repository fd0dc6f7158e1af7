import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * A WebAuthn credential of an account: its id and COSE public key (base64url), the signature
 * counter last seen (a lower one from the authenticator means a cloned key) and the name its
 * owner gave it.
 */
@Entity({ name: 'passkeys' })
@Unique('passkeys_credential_id_key', ['credentialId'])
@Index('passkeys_user_id_idx', ['userId'])
export class PasskeyEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'user_id', type: 'char', length: 24 })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'passkeys_user_id_fkey' })
  user?: UserEntity;

  @Column({ name: 'credential_id', type: 'text' })
  credentialId!: string;

  @Column({ name: 'public_key', type: 'text' })
  publicKey!: string;

  @Column({ name: 'sign_count', type: 'bigint', default: 0 })
  signCount!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  transports!: string[];

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;
}
