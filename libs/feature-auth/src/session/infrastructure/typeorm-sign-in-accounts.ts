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
    return user
      ? { id: user.id, passwordHash: user.passwordHash, disabled: user.disabledAt !== null }
      : null;
  }
}
