import type { MembershipWithOrganization, UserEntity } from '@gatehouse/persistence';
import type { EntityManager } from 'typeorm';

/** Port over users and memberships; pass `manager` to read inside a transaction. */
export abstract class AccountReader {
  abstract findUser(id: string, manager?: EntityManager): Promise<UserEntity | null>;
  /** The user's memberships with their organizations, by organization name. */
  abstract membershipsOf(userId: string, manager?: EntityManager): Promise<MembershipWithOrganization[]>;
}
