import type { Transaction } from '../../transactions/ports/transaction';
import type { MembershipRecord, UserRecord } from './account-records';

/** Port over users and memberships; pass `tx` to read inside a transaction. */
export abstract class AccountReader {
  abstract findUser(id: string, tx?: Transaction): Promise<UserRecord | null>;
  /** The user's memberships with their organizations, by organization name. */
  abstract membershipsOf(userId: string, tx?: Transaction): Promise<MembershipRecord[]>;
}
