import { Injectable } from '@nestjs/common';
import type { OrgRole, OrganizationPlan } from '@gatehouse/domain';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { DataSource } from 'typeorm';
import { AdminAccountStore } from '../ports/admin-account.store';
import type {
  AdminAuditRecord,
  AdminMemberRecord,
  AdminOrganizationRecord,
  AdminUserRecord,
  NewAdminUser,
  UserQuery,
} from '../ports/admin-records';

const USER_COLUMNS = `id, username, email, fullname, email_confirmed_at, disabled_at, platform_admin, created_at`;

interface UserRow {
  id: string;
  username: string;
  email: string;
  fullname: string;
  email_confirmed_at: Date | null;
  disabled_at: Date | null;
  platform_admin: boolean;
  created_at: Date;
}

interface OrganizationRow {
  id: string;
  name: string;
  fullname: string;
  plan: OrganizationPlan;
  created_at: Date;
}

const userOf = (row: UserRow): AdminUserRecord => ({
  id: row.id,
  username: row.username,
  email: row.email,
  fullname: row.fullname,
  emailConfirmedAt: row.email_confirmed_at,
  disabledAt: row.disabled_at,
  platformAdmin: row.platform_admin,
  createdAt: row.created_at,
});

const organizationOf = (row: OrganizationRow): AdminOrganizationRecord => ({
  id: row.id,
  name: row.name,
  fullname: row.fullname,
  plan: row.plan,
  createdAt: row.created_at,
});

/** `LIKE` pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Hand-written SQL over `users`, `organizations`, `memberships`, the OAuth tokens and `admin_audit_log`. */
@Injectable()
export class SqlAdminAccountStore extends AdminAccountStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private query<T>(tx: Transaction | undefined, sql: string, params: unknown[]): Promise<T[]> {
    const runner = tx ? entityManagerOf(tx) : this.dataSource;
    return runner.query(sql, params) as Promise<T[]>;
  }

  async findUser(key: string, tx?: Transaction): Promise<AdminUserRecord | null> {
    const [row] = await this.query<UserRow>(
      tx,
      `SELECT ${USER_COLUMNS} FROM users
        WHERE kind = 'user' AND (id = $1 OR lower(username) = lower($1) OR lower(email) = lower($1))
        ORDER BY (id = $1) DESC, (lower(username) = lower($1)) DESC LIMIT 1`,
      [key],
    );
    return row ? userOf(row) : null;
  }

  async listUsers({ search, after, limit }: UserQuery): Promise<AdminUserRecord[]> {
    const rows = await this.query<UserRow>(
      undefined,
      `SELECT ${USER_COLUMNS} FROM users
        WHERE kind = 'user'
          AND ($1::text IS NULL OR lower(username) LIKE lower($1) OR lower(email) LIKE lower($1))
          AND ($2::text IS NULL OR lower(username) > lower($2))
        ORDER BY lower(username) LIMIT $3`,
      [search === undefined ? null : containing(search), after ?? null, limit],
    );
    return rows.map(userOf);
  }

  async createUser(tx: Transaction, user: NewAdminUser): Promise<boolean> {
    const inserted = await this.query<{ id: string }>(
      tx,
      `INSERT INTO users (id, username, email, fullname, password_hash, email_confirmed_at, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7
        WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($2) OR lower(email) = lower($3))
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [
        user.id,
        user.username,
        user.email,
        user.fullname,
        user.passwordHash,
        user.emailConfirmedAt,
        user.createdAt,
      ],
    );
    return inserted.length === 1;
  }

  async setDisabledAt(tx: Transaction, userId: string, at: Date | null): Promise<void> {
    await this.query(tx, `UPDATE users SET disabled_at = $2 WHERE id = $1`, [userId, at]);
  }

  async setEmailConfirmedAt(tx: Transaction, userId: string, at: Date | null): Promise<void> {
    await this.query(tx, `UPDATE users SET email_confirmed_at = $2 WHERE id = $1`, [userId, at]);
  }

  async deleteUser(tx: Transaction, userId: string): Promise<void> {
    await this.query(tx, `DELETE FROM users WHERE id = $1 AND kind = 'user'`, [userId]);
  }

  async organizationsOnlyAdministeredBy(tx: Transaction, userId: string): Promise<string[]> {
    const rows = await this.query<{ name: string }>(
      tx,
      `SELECT o.name FROM memberships m JOIN organizations o ON o.id = m.org_id
        WHERE m.user_id = $1 AND m.role = 'admin'
          AND NOT EXISTS (SELECT 1 FROM memberships other
                           WHERE other.org_id = m.org_id AND other.role = 'admin' AND other.user_id <> $1)
        ORDER BY lower(o.name)`,
      [userId],
    );
    return rows.map((row) => row.name);
  }

  async findOrganization(name: string, tx?: Transaction): Promise<AdminOrganizationRecord | null> {
    const [row] = await this.query<OrganizationRow>(
      tx,
      `SELECT id, name, fullname, plan, created_at FROM organizations WHERE lower(name) = lower($1)`,
      [name],
    );
    return row ? organizationOf(row) : null;
  }

  async createOrganization(tx: Transaction, org: AdminOrganizationRecord): Promise<boolean> {
    const inserted = await this.query<{ id: string }>(
      tx,
      `INSERT INTO organizations (id, name, fullname, plan, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING id`,
      [org.id, org.name, org.fullname, org.plan, org.createdAt],
    );
    return inserted.length === 1;
  }

  async membersOf(orgId: string, tx?: Transaction): Promise<AdminMemberRecord[]> {
    const rows = await this.query<{ user_id: string; username: string; role: OrgRole }>(
      tx,
      `SELECT m.user_id, u.username, m.role FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.org_id = $1 ORDER BY lower(u.username)`,
      [orgId],
    );
    return rows.map((row) => ({ userId: row.user_id, username: row.username, role: row.role }));
  }

  async putMembership(
    tx: Transaction,
    orgId: string,
    userId: string,
    role: OrgRole,
  ): Promise<OrgRole | null> {
    const [before] = await this.query<{ role: OrgRole }>(
      tx,
      `SELECT role FROM memberships WHERE org_id = $1 AND user_id = $2 FOR UPDATE`,
      [orgId, userId],
    );
    await this.query(
      tx,
      `INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (org_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
      [orgId, userId, role],
    );
    return before?.role ?? null;
  }

  async removeMembership(tx: Transaction, orgId: string, userId: string): Promise<boolean> {
    const removed = await this.query<{ user_id: string }>(
      tx,
      `DELETE FROM memberships WHERE org_id = $1 AND user_id = $2 RETURNING user_id`,
      [orgId, userId],
    );
    return removed.length === 1;
  }

  async lockAdminCount(tx: Transaction, orgId: string): Promise<number> {
    await this.query(tx, `SELECT id FROM organizations WHERE id = $1 FOR UPDATE`, [orgId]);
    const [row] = await this.query<{ admins: number }>(
      tx,
      `SELECT count(*)::int AS admins FROM memberships WHERE org_id = $1 AND role = 'admin'`,
      [orgId],
    );
    return row?.admins ?? 0;
  }

  async appendAudit(tx: Transaction, entry: AdminAuditRecord): Promise<void> {
    await this.query(
      tx,
      `INSERT INTO admin_audit_log
         (id, actor_user_id, actor_username, action, target_type, target_id, target_name, details, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        entry.id,
        entry.actor.id,
        entry.actor.username,
        entry.action,
        entry.target.type,
        entry.target.id,
        entry.target.name,
        JSON.stringify(entry.details),
        entry.at,
      ],
    );
  }
}
