import { Injectable } from '@nestjs/common';
import { AccountRepository, MembershipWithOrganization, UserEntity } from '@gatehouse/persistence';
import { DataSource, EntityManager } from 'typeorm';
import { AccountReader } from './account-reader';

@Injectable()
export class TypeOrmAccountReader extends AccountReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  findUser(id: string, manager?: EntityManager): Promise<UserEntity | null> {
    return new AccountRepository(manager ?? this.dataSource.manager).findUserById(id);
  }

  membershipsOf(userId: string, manager?: EntityManager): Promise<MembershipWithOrganization[]> {
    return new AccountRepository(manager ?? this.dataSource.manager).membershipsOfUser(userId);
  }
}
