import { Inject, Injectable } from '@nestjs/common';
import { newObjectId } from '@gatehouse/crypto';
import { ApiError, type Clock, type OrgRole } from '@gatehouse/domain';
import { PrincipalInvalidator, TransactionRunner, type Transaction } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type {
  AdminMemberView,
  AdminOrganizationView,
  CreateAdminOrganizationBody,
} from '@gatehouse/settings-api';
import { type AdminActor, adminAuditEntry } from './admin-audit';
import { adminOrganizationView } from './admin-views';
import { AdminAccountStore } from './ports/admin-account.store';
import type { AdminAction, AdminOrganizationRecord, AdminUserRecord } from './ports/admin-records';

/**
 * `/api/admin/organizations` (docs/admin-api.md "Organizations"): organizations and their members
 * as a platform administrator manages them. An organization keeps at least one administrator
 * once it has one; every change writes its audit entry in its transaction, and a member's tokens
 * are read again on their next check (their memberships are part of the principal).
 */
@Injectable()
export class AdminOrganizationsService {
  constructor(
    private readonly accounts: AdminAccountStore,
    private readonly transactions: TransactionRunner,
    private readonly principals: PrincipalInvalidator,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(
    actor: AdminActor,
    body: CreateAdminOrganizationBody,
  ): Promise<AdminOrganizationView> {
    const admin = body.admin === undefined ? null : await this.user(body.admin);
    const now = this.clock.now();
    const org: AdminOrganizationRecord = {
      id: newObjectId(now),
      name: body.name,
      fullname: body.fullname ?? body.name,
      plan: body.plan ?? 'free',
      createdAt: new Date(now),
    };
    await this.transactions.run(async (tx) => {
      if (!(await this.accounts.createOrganization(tx, org)))
        throw ApiError.conflict(`The organization name ${body.name} is already taken`);
      await this.audit(tx, actor, 'organization.created', org, now, {
        plan: org.plan,
        admin: admin?.username ?? null,
      });
      if (admin) {
        await this.accounts.putMembership(tx, org.id, admin.id, 'admin');
        await this.audit(tx, actor, 'organization.member_added', org, now, {
          user: admin.username,
          role: 'admin',
        });
      }
    });
    if (admin) await this.principals.accountChanged(admin.id);
    return adminOrganizationView(org);
  }

  async members(name: string): Promise<AdminMemberView[]> {
    return this.accounts.membersOf((await this.organization(name)).id);
  }

  /** Adds the user with `role`; 409 when they are a member already. */
  addMember(
    actor: AdminActor,
    name: string,
    username: string,
    role: OrgRole,
  ): Promise<AdminMemberView[]> {
    return this.changeMember(actor, name, username, role, 'add');
  }

  /** Sets a member's role; 404 when the user is not a member. */
  setRole(
    actor: AdminActor,
    name: string,
    username: string,
    role: OrgRole,
  ): Promise<AdminMemberView[]> {
    return this.changeMember(actor, name, username, role, 'set');
  }

  private async changeMember(
    actor: AdminActor,
    name: string,
    username: string,
    role: OrgRole,
    mode: 'add' | 'set',
  ): Promise<AdminMemberView[]> {
    const org = await this.organization(name);
    const user = await this.user(username);
    const now = this.clock.now();
    await this.principals.accountChanged(user.id);
    await this.transactions.run(async (tx) => {
      const admins = await this.accounts.lockAdminCount(tx, org.id);
      const previous =
        (await this.accounts.membersOf(org.id, tx)).find((m) => m.userId === user.id)?.role ?? null;
      if (mode === 'add' && previous !== null)
        throw ApiError.conflict(`${user.username} is already a member of ${org.name}`);
      if (mode === 'set' && previous === null)
        throw ApiError.notFound(`${user.username} is not a member of ${org.name}`);
      if (previous === 'admin' && role !== 'admin' && admins === 1) throw this.ownerless(org, user);
      if (previous === role) return;
      await this.accounts.putMembership(tx, org.id, user.id, role);
      await this.audit(
        tx,
        actor,
        previous === null ? 'organization.member_added' : 'organization.member_role_set',
        org,
        now,
        { user: user.username, role, ...(previous !== null && { previousRole: previous }) },
      );
    });
    await this.principals.accountChanged(user.id);
    return this.accounts.membersOf(org.id);
  }

  async removeMember(actor: AdminActor, name: string, username: string): Promise<void> {
    const org = await this.organization(name);
    const user = await this.user(username);
    const now = this.clock.now();
    await this.principals.accountChanged(user.id);
    await this.transactions.run(async (tx) => {
      const admins = await this.accounts.lockAdminCount(tx, org.id);
      const member = (await this.accounts.membersOf(org.id, tx)).find((m) => m.userId === user.id);
      if (!member) throw ApiError.notFound(`${user.username} is not a member of ${org.name}`);
      if (member.role === 'admin' && admins === 1) throw this.ownerless(org, user);
      await this.accounts.removeMembership(tx, org.id, user.id);
      await this.audit(tx, actor, 'organization.member_removed', org, now, {
        user: user.username,
        role: member.role,
      });
    });
    await this.principals.accountChanged(user.id);
  }

  private ownerless(org: AdminOrganizationRecord, user: AdminUserRecord): ApiError {
    return ApiError.conflict(
      `${user.username} is the only administrator of ${org.name}: make another member an administrator first`,
    );
  }

  private async organization(name: string): Promise<AdminOrganizationRecord> {
    const org = await this.accounts.findOrganization(name);
    if (!org) throw ApiError.notFound(`No organization ${name}`);
    return org;
  }

  private async user(key: string): Promise<AdminUserRecord> {
    const user = await this.accounts.findUser(key);
    if (!user) throw ApiError.notFound(`No user ${key}`);
    return user;
  }

  private audit(
    tx: Transaction,
    actor: AdminActor,
    action: AdminAction,
    org: AdminOrganizationRecord,
    now: number,
    details: Record<string, unknown>,
  ): Promise<void> {
    return this.accounts.appendAudit(
      tx,
      adminAuditEntry(
        actor,
        action,
        { type: 'organization', id: org.id, name: org.name },
        now,
        details,
      ),
    );
  }
}
