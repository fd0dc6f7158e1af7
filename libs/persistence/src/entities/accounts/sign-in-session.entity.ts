import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * A signed-in browser session as its user sees it on the sessions page. The session lives in flow
 * state under `session_hash` (the SHA-256 of its cookie); `id` is the public id the page shows.
 */
@Entity({ name: 'sign_in_sessions' })
@Unique('sign_in_sessions_session_hash_key', ['sessionHash'])
@Index('sign_in_sessions_user_id_idx', ['userId'])
export class SignInSessionEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'user_id', type: 'char', length: 24 })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'sign_in_sessions_user_id_fkey' })
  user?: UserEntity;

  @Column({ name: 'session_hash', type: 'char', length: 64 })
  sessionHash!: string;

  /** The browser and system in plain words ("Chrome on Linux"). */
  @Column({ type: 'text' })
  device!: string;

  /** The client address it signed in from. */
  @Column({ type: 'text' })
  address!: string;

  @Column({ name: 'signed_in_at', type: 'timestamptz' })
  signedInAt!: Date;

  /** Written at most once a minute. */
  @Column({ name: 'last_active_at', type: 'timestamptz' })
  lastActiveAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
