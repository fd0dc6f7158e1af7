import type { OrgRole } from '@gatehouse/domain';
import type { Transaction } from '@gatehouse/identity';
import type {
  ServiceAccountRecord,
  ServiceAccountTokenApproval,
  ServiceAccountTokenRecord,
  ServiceAccountTokenRotation,
} from './service-account-records';

/**
 * Port over organizations' service accounts and their tokens (hashes only). Every read and write
 * names the organization or the account, so one organization never reaches another's.
 */
export abstract class ServiceAccountStore {
  /** The organization's service accounts, oldest first. */
  abstract list(orgId: string): Promise<ServiceAccountRecord[]>;
  abstract find(orgId: string, id: string): Promise<ServiceAccountRecord | null>;
  /**
   * Writes the account's user (no password, no e-mail of its own) and its membership with `role`;
   * false, writing nothing, when a user already has its username.
   */
  abstract insert(tx: Transaction, account: ServiceAccountRecord, role: OrgRole): Promise<boolean>;
  abstract rename(
    tx: Transaction,
    orgId: string,
    id: string,
    displayName: string,
  ): Promise<ServiceAccountRecord | null>;
  /** Deletes the account with its membership and tokens; false when there is no such account. */
  abstract delete(tx: Transaction, orgId: string, id: string): Promise<boolean>;
  /** The account's tokens that are not revoked (expired ones included), oldest first. */
  abstract tokens(accountId: string): Promise<ServiceAccountTokenRecord[]>;
  abstract findToken(accountId: string, tokenId: string): Promise<ServiceAccountTokenRecord | null>;
  /**
   * Writes a new token with its organization's approval by the administrator who made it, so it
   * never waits for one under `require_approval` (docs/settings-api.md "Organization tokens").
   */
  abstract insertToken(
    tx: Transaction,
    token: ServiceAccountTokenRecord,
    approval: ServiceAccountTokenApproval,
  ): Promise<void>;
  /**
   * A new value for a token that is not revoked, provided its hash is still `tokenHash` (so two
   * rotations at once cannot both win); the token after the change, or null.
   */
  abstract rotateToken(
    tx: Transaction,
    accountId: string,
    tokenId: string,
    tokenHash: string,
    rotation: ServiceAccountTokenRotation,
  ): Promise<ServiceAccountTokenRecord | null>;
  /** False when the account has no such token (or it is revoked already). */
  abstract revokeToken(
    tx: Transaction,
    accountId: string,
    tokenId: string,
    at: Date,
  ): Promise<boolean>;
}
