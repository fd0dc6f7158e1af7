import { Injectable } from '@nestjs/common';
import { AccountRepository } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';

/** What signing in needs to know about an account. */
export interface SignInAccount {
  id: string;
  passwordHash: string;
  disabled: boolean;
}

/** Port: the account a sign-in form names, by username or e-mail address (case-insensitive). */
export abstract class SignInAccounts {
  abstract findByLogin(login: string): Promise<SignInAccount | null>;
}

@Injectable()
export class TypeOrmSignInAccounts extends SignInAccounts {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByLogin(login: string): Promise<SignInAccount | null> {
    const user = await new AccountRepository(this.dataSource.manager).findUserByLogin(login);
    return user ? { id: user.id, passwordHash: user.passwordHash, disabled: user.disabledAt !== null } : null;
  }
}
