import { Injectable } from '@nestjs/common';
import { AccountRepository, type UserEntity } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { SignInAccount, SignInAccounts } from '../ports/sign-in-accounts';

@Injectable()
export class TypeOrmSignInAccounts extends SignInAccounts {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByLogin(login: string): Promise<SignInAccount | null> {
    return accountOf(await new AccountRepository(this.dataSource.manager).findUserByLogin(login));
  }

  async findById(userId: string): Promise<SignInAccount | null> {
    return accountOf(await new AccountRepository(this.dataSource.manager).findUserById(userId));
  }

  async cancelDeletion(userId: string): Promise<void> {
    await this.dataSource.query(`UPDATE users SET deletion_due_at = NULL WHERE id = $1`, [userId]);
  }

  async replacePasswordHash(userId: string, previous: string, next: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2`,
      [userId, previous, next],
    );
  }
}

function accountOf(user: UserEntity | null): SignInAccount | null {
  if (!user) return null;
  return {
    id: user.id,
    passwordHash: user.passwordHash,
    disabled: user.disabledAt !== null,
    ...(user.deletionDueAt !== null && { deletionPending: true }),
  };
}
