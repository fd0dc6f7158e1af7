import { Injectable } from '@nestjs/common';
import { AccountRepository } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { SignInAccount, SignInAccounts } from '../ports/sign-in-accounts';

@Injectable()
export class TypeOrmSignInAccounts extends SignInAccounts {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByLogin(login: string): Promise<SignInAccount | null> {
    const user = await new AccountRepository(this.dataSource.manager).findUserByLogin(login);
    if (!user) return null;
    return {
      id: user.id,
      passwordHash: user.passwordHash,
      disabled: user.disabledAt !== null,
      ...(user.deletionDueAt !== null && { deletionPending: true }),
    };
  }

  async cancelDeletion(userId: string): Promise<void> {
    await this.dataSource.query(`UPDATE users SET deletion_due_at = NULL WHERE id = $1`, [userId]);
  }
}
