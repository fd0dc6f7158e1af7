import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  Unique,
} from 'typeorm';
import { UserEntity } from '../accounts/user.entity';

/**
 * What a user is told about one of their tokens reported leaked and revoked (docs/security.md
 * "Leaked tokens"). One row per token ever (`token_kind`, `token_id`): a token reported again
 * tells its owner nothing new. Dismissing hides it from the tokens page.
 */
@Entity({ name: 'leaked_token_notices' })
@Unique('leaked_token_notices_token_key', ['tokenKind', 'tokenId'])
@Check('leaked_token_notices_token_kind_check', "token_kind IN ('personal', 'access', 'refresh')")
@Index('leaked_token_notices_user_id_idx', ['userId'])
export class LeakedTokenNoticeEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ name: 'user_id', type: 'char', length: 24 })
  userId!: string;

  /** Which table the token was in: personal_access_tokens, access_tokens or refresh_tokens. */
  @Column({ name: 'token_kind', type: 'text' })
  tokenKind!: 'personal' | 'access' | 'refresh';

  @Column({ name: 'token_id', type: 'char', length: 24 })
  tokenId!: string;

  /** A personal token's name, or the OAuth app's name, as they were when it was revoked. */
  @Column({ name: 'token_name', type: 'text', nullable: true })
  tokenName!: string | null;

  /** The OAuth app of an access or refresh token. */
  @Column({ name: 'client_id', type: 'text', nullable: true })
  clientId!: string | null;

  @Column({ name: 'reported_at', type: 'timestamptz' })
  reportedAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz' })
  revokedAt!: Date;

  @Column({ name: 'dismissed_at', type: 'timestamptz', nullable: true })
  dismissedAt!: Date | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'leaked_token_notices_user_id_fkey' })
  user?: UserEntity;
}
