import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'users' })
// Case-insensitive uniqueness lives in expression indexes the migration owns.
@Index('users_username_ci_key', { synchronize: false })
@Index('users_email_ci_key', { synchronize: false })
export class UserEntity {
  @PrimaryColumn({ type: 'char', length: 24 })
  id!: string;

  @Column({ type: 'text' })
  username!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  fullname!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'is_pro', type: 'boolean', default: false })
  isPro!: boolean;

  @Column({ name: 'avatar_url', type: 'text', nullable: true })
  avatarUrl!: string | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
