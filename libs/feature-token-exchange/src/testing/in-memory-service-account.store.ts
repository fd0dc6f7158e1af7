import type { OrgRole } from '@gatehouse/domain';
import type { PersonalTokenRecord, Transaction } from '@gatehouse/identity';
import type {
  ServiceAccountRecord,
  ServiceAccountTokenApproval,
  ServiceAccountTokenRecord,
  ServiceAccountTokenRotation,
} from '../service-accounts/ports/service-account-records';
import { ServiceAccountStore } from '../service-accounts/ports/service-account.store';

/** Where the accounts live: the identity test kit's users, memberships and personal tokens. */
export interface ServiceAccountBacking {
  /** Adds the user and its membership; false when the username is taken. */
  addUser(account: ServiceAccountRecord, role: OrgRole): boolean;
  removeUser(id: string): void;
  personalTokens: PersonalTokenRecord[];
}

/**
 * ServiceAccountStore in memory, over the identity test kit's records, so the kit's bearer
 * authenticator reads the accounts' tokens as the SQL reader does.
 */
export class InMemoryServiceAccountStore extends ServiceAccountStore {
  readonly accounts: ServiceAccountRecord[] = [];

  constructor(private readonly backing: ServiceAccountBacking) {
    super();
  }

  async list(orgId: string): Promise<ServiceAccountRecord[]> {
    return this.accounts.filter((account) => account.orgId === orgId).map((a) => ({ ...a }));
  }

  async find(orgId: string, id: string): Promise<ServiceAccountRecord | null> {
    const account = this.accounts.find((a) => a.orgId === orgId && a.id === id);
    return account ? { ...account } : null;
  }

  async insert(_tx: Transaction, account: ServiceAccountRecord, role: OrgRole): Promise<boolean> {
    if (!this.backing.addUser(account, role)) return false;
    this.accounts.push({ ...account });
    return true;
  }

  async rename(
    _tx: Transaction,
    orgId: string,
    id: string,
    displayName: string,
  ): Promise<ServiceAccountRecord | null> {
    const account = this.accounts.find((a) => a.orgId === orgId && a.id === id);
    if (!account) return null;
    account.displayName = displayName;
    return { ...account };
  }

  async delete(_tx: Transaction, orgId: string, id: string): Promise<boolean> {
    const index = this.accounts.findIndex((a) => a.orgId === orgId && a.id === id);
    if (index < 0) return false;
    this.accounts.splice(index, 1);
    this.backing.removeUser(id);
    const tokens = this.backing.personalTokens;
    for (let i = tokens.length - 1; i >= 0; i--) if (tokens[i]!.userId === id) tokens.splice(i, 1);
    return true;
  }

  async tokens(accountId: string): Promise<ServiceAccountTokenRecord[]> {
    return this.backing.personalTokens
      .filter((token) => token.userId === accountId && token.revokedAt === null)
      .map((token) => ({ ...token }));
  }

  async findToken(accountId: string, tokenId: string): Promise<ServiceAccountTokenRecord | null> {
    const token = this.live(accountId, tokenId);
    return token ? { ...token } : null;
  }

  /** Approvals the store was given with the tokens, by token id. */
  readonly approvals = new Map<string, ServiceAccountTokenApproval>();

  async insertToken(
    _tx: Transaction,
    token: ServiceAccountTokenRecord,
    approval: ServiceAccountTokenApproval,
  ): Promise<void> {
    this.backing.personalTokens.push({ ...token });
    this.approvals.set(token.id, approval);
  }

  async rotateToken(
    _tx: Transaction,
    accountId: string,
    tokenId: string,
    tokenHash: string,
    rotation: ServiceAccountTokenRotation,
  ): Promise<ServiceAccountTokenRecord | null> {
    const token = this.live(accountId, tokenId);
    if (!token || token.tokenHash !== tokenHash) return null;
    Object.assign(token, rotation);
    return { ...token };
  }

  async revokeToken(
    _tx: Transaction,
    accountId: string,
    tokenId: string,
    at: Date,
  ): Promise<boolean> {
    const token = this.live(accountId, tokenId);
    if (!token) return false;
    token.revokedAt = at;
    return true;
  }

  private live(accountId: string, tokenId: string): PersonalTokenRecord | undefined {
    return this.backing.personalTokens.find(
      (token) => token.id === tokenId && token.userId === accountId && token.revokedAt === null,
    );
  }
}
