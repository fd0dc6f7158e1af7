import type { Transaction } from '@gatehouse/identity';
import type {
  AccountLinkPurpose,
  AccountLinkRecord,
  NewOwnAccount,
  OwnAccount,
} from './own-account-records';

/**
 * Port: the accounts people make and manage themselves, and the links mailed to them. Writes take
 * the caller's transaction, so a change, its link and its mail (outbox) commit together.
 */
export abstract class OwnAccountRepository {
  /**
   * In `tx` when given: a read inside a transaction must use it (the all-in-one's PGlite has one
   * connection, which the open transaction holds).
   */
  abstract findById(id: string, tx?: Transaction): Promise<OwnAccount | null>;
  /** A person's account (never a service account) by address, case-insensitively. */
  abstract findByEmail(email: string): Promise<OwnAccount | null>;
  /** Whether a username (case-insensitively) or an address is anyone's, service accounts included. */
  abstract taken(username: string, email: string): Promise<{ username: boolean; email: boolean }>;
  /** Inserts the account unconfirmed; false when its username or address was taken meanwhile. */
  abstract create(tx: Transaction, account: NewOwnAccount): Promise<boolean>;
  abstract setPassword(tx: Transaction, userId: string, passwordHash: string): Promise<void>;
  /**
   * Makes `email` the account's confirmed address; false when another account has it (taken since
   * the link was sent).
   */
  abstract confirmEmail(tx: Transaction, userId: string, email: string, at: Date): Promise<boolean>;
  abstract addLink(tx: Transaction, link: AccountLinkRecord): Promise<void>;
  /** The link of that hash and purpose if it is unused and unexpired at `at`, without using it. */
  abstract findLiveLink(
    tokenHash: string,
    purpose: AccountLinkPurpose,
    at: Date,
  ): Promise<AccountLinkRecord | null>;
  /**
   * Marks the link used and returns it, if it was unused and unexpired at `at`: one statement, so
   * two redemptions at once find it live only once.
   */
  abstract redeemLink(
    tx: Transaction,
    tokenHash: string,
    purpose: AccountLinkPurpose,
    at: Date,
  ): Promise<AccountLinkRecord | null>;
  /** Ends the account's other unused links of that purpose (a new reset link voids the older). */
  abstract voidLinks(
    tx: Transaction,
    userId: string,
    purpose: AccountLinkPurpose,
    at: Date,
  ): Promise<void>;
}
