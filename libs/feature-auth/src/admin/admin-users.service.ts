import { Inject, Injectable } from '@nestjs/common';
import { hashPassword, newObjectId } from '@gatehouse/crypto';
import { ApiError, type Clock } from '@gatehouse/domain';
import { PrincipalInvalidator, TransactionRunner, type Transaction } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type {
  AdminUsersPage,
  AdminUserView,
  CreateAdminUserBody,
  EndedSessionsView,
  ResetFactorsView,
} from '@gatehouse/settings-api';
import { SecurityNotices } from '../security-notices/security-notices';
import { SignOutEverywhere } from '../session/sign-out-everywhere';
import { AccountRemoval, ownerlessMessage } from './account-removal';
import { type AdminActor, adminAuditEntry } from './admin-audit';
import { ADMIN_OPTIONS, type AdminOptions } from './admin-options';
import { adminUserView } from './admin-views';
import { AdminAccountStore } from './ports/admin-account.store';
import type { AdminAction, AdminUserRecord } from './ports/admin-records';
import { SecondFactorReset } from './ports/second-factor-reset';
import { SECOND_FACTOR_RESETS } from './second-factor-resets.token';

/** Never a scrypt hash (`scrypt$…`), so no password verifies against it: the account has none. */
const NO_PASSWORD = '!';

/**
 * `/api/admin/users` (docs/admin-api.md "Users"): people's accounts as a platform administrator
 * manages them. Every change writes its audit entry in its transaction.
 */
@Injectable()
export class AdminUsersService {
  private readonly named: ReadonlySet<string>;

  constructor(
    private readonly accounts: AdminAccountStore,
    private readonly transactions: TransactionRunner,
    private readonly principals: PrincipalInvalidator,
    private readonly signOut: SignOutEverywhere,
    private readonly removal: AccountRemoval,
    private readonly notices: SecurityNotices,
    @Inject(SECOND_FACTOR_RESETS) private readonly factorResets: readonly SecondFactorReset[],
    @Inject(ADMIN_OPTIONS) options: AdminOptions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.named = new Set(options.platformAdmins.map((name) => name.toLowerCase()));
  }

  private view(user: AdminUserRecord): AdminUserView {
    return adminUserView(user, this.named.has(user.username.toLowerCase()));
  }

  async create(actor: AdminActor, body: CreateAdminUserBody): Promise<AdminUserView> {
    const now = this.clock.now();
    const user = {
      id: newObjectId(now),
      username: body.username,
      email: body.email,
      fullname: body.fullname ?? body.username,
      passwordHash: body.password === undefined ? NO_PASSWORD : await hashPassword(body.password),
      emailConfirmedAt: body.emailConfirmed ? new Date(now) : null,
      createdAt: new Date(now),
    };
    await this.transactions.run(async (tx) => {
      if (!(await this.accounts.createUser(tx, user)))
        throw ApiError.conflict('That username or e-mail address is already taken');
      await this.audit(tx, actor, 'user.created', user, now, {
        email: user.email,
        emailConfirmed: user.emailConfirmedAt !== null,
        password: body.password !== undefined,
      });
    });
    return this.get(user.id);
  }

  async list(query: { search?: string; after?: string; limit: number }): Promise<AdminUsersPage> {
    const users = await this.accounts.listUsers({ ...query, limit: query.limit + 1 });
    const page = users.slice(0, query.limit);
    return {
      users: page.map((user) => this.view(user)),
      next: users.length > query.limit ? page[page.length - 1]!.username : null,
    };
  }

  async get(key: string): Promise<AdminUserView> {
    return this.view(await this.found(key));
  }

  /** Disabled: no sign-in, and every token and session of the user refused from the next request. */
  async setDisabled(actor: AdminActor, key: string, disabled: boolean): Promise<AdminUserView> {
    const user = await this.found(key);
    if (disabled && user.id === actor.id)
      throw ApiError.badRequest('Administrators cannot disable their own account');
    const now = this.clock.now();
    // Stale first, so a check reading the account before the commit caches nothing; outside the
    // transaction, as the embedded database has one connection, which the transaction holds.
    await this.principals.accountChanged(user.id);
    await this.transactions.run(async (tx) => {
      await this.accounts.setDisabledAt(tx, user.id, disabled ? new Date(now) : null);
      await this.audit(tx, actor, disabled ? 'user.disabled' : 'user.enabled', user, now);
    });
    await this.principals.accountChanged(user.id);
    return this.get(user.id);
  }

  async setEmailConfirmed(
    actor: AdminActor,
    key: string,
    confirmed: boolean,
  ): Promise<AdminUserView> {
    const user = await this.found(key);
    const now = this.clock.now();
    await this.transactions.run(async (tx) => {
      await this.accounts.setEmailConfirmedAt(tx, user.id, confirmed ? new Date(now) : null);
      await this.audit(tx, actor, 'user.email_confirmation_set', user, now, { confirmed });
    });
    return this.get(user.id);
  }

  /** Refused while the user is the only administrator of an organization, which would be left ownerless. */
  async delete(actor: AdminActor, key: string): Promise<void> {
    const user = await this.found(key);
    if (user.id === actor.id)
      throw ApiError.badRequest('Administrators cannot delete their own account');
    const now = this.clock.now();
    await this.transactions.run(async (tx) => {
      const removed = await this.removal.remove(tx, user, 'admin');
      if (removed.kind === 'ownerless')
        throw ApiError.conflict(ownerlessMessage(user.username, removed.organizations));
      await this.audit(tx, actor, 'user.deleted', user, now, { email: user.email });
    });
  }

  async endSessions(actor: AdminActor, key: string): Promise<EndedSessionsView> {
    const user = await this.found(key);
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const ended = await this.signOut.everywhere(tx, user.id);
      await this.audit(tx, actor, 'user.sessions_ended', user, now, {
        refreshTokensRevoked: ended.refreshTokensRevoked,
        accessTokensRevoked: ended.accessTokensRevoked,
      });
      return ended;
    });
  }

  /**
   * Removes every second factor of the user (each store plugged in, SecondFactorReset) and signs
   * them out everywhere, so the next sign-in is with the password alone and sets factors up anew;
   * the owner is told as of any factor removed.
   */
  async resetFactors(actor: AdminActor, key: string): Promise<ResetFactorsView> {
    const user = await this.found(key);
    const now = this.clock.now();
    const view = await this.transactions.run(async (tx) => {
      const factorsRemoved: Record<string, number> = {};
      for (const store of this.factorResets)
        factorsRemoved[store.kind] = await store.removeAll(tx, user.id);
      const ended = await this.signOut.everywhere(tx, user.id);
      if (Object.values(factorsRemoved).some((count) => count > 0))
        await this.notices.factorChanged(
          tx,
          user.id,
          'removed',
          'all, by a platform administrator',
        );
      await this.audit(tx, actor, 'user.factors_reset', user, now, { factorsRemoved });
      return { ...ended, factorsRemoved };
    });
    await this.principals.accountChanged(user.id);
    return view;
  }

  private async found(key: string): Promise<AdminUserRecord> {
    const user = await this.accounts.findUser(key);
    if (!user) throw ApiError.notFound(`No user ${key}`);
    return user;
  }

  private audit(
    tx: Transaction,
    actor: AdminActor,
    action: AdminAction,
    user: Pick<AdminUserRecord, 'id' | 'username'>,
    now: number,
    details?: Record<string, unknown>,
  ): Promise<void> {
    return this.accounts.appendAudit(
      tx,
      adminAuditEntry(
        actor,
        action,
        { type: 'user', id: user.id, name: user.username },
        now,
        details,
      ),
    );
  }
}
