import { Injectable } from '@nestjs/common';
import { AccountRepository } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { entityManagerOf } from '../../transactions/infrastructure/typeorm-transaction';
import type { Transaction } from '../../transactions/ports/transaction';
import { AccountReader } from '../ports/account.reader';
import type { MembershipRecord, UserRecord } from '../ports/account-records';

@Injectable()
export class TypeOrmAccountReader extends AccountReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findUser(id: string, tx?: Transaction): Promise<UserRecord | null> {
    const user = await this.accounts(tx).findUserById(id);
    if (!user) return null;
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      fullname: user.fullname,
      isPro: user.isPro,
      avatarUrl: user.avatarUrl,
      disabledAt: user.disabledAt,
    };
  }

  async membershipsOf(userId: string, tx?: Transaction): Promise<MembershipRecord[]> {
    const memberships = await this.accounts(tx).membershipsOfUser(userId);
    return memberships.map(({ organization: { id, name, fullname, plan, avatarUrl }, role }) => ({
      organization: { id, name, fullname, plan, avatarUrl },
      role,
    }));
  }

  private accounts(tx: Transaction | undefined): AccountRepository {
    return new AccountRepository(tx ? entityManagerOf(tx) : this.dataSource.manager);
  }
}
