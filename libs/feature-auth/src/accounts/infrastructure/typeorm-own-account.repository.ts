import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { AccountLinkEntity, UserEntity } from '@gatehouse/persistence';
import { DataSource, IsNull } from 'typeorm';
import type {
  AccountLinkPurpose,
  AccountLinkRecord,
  NewOwnAccount,
  OwnAccount,
} from '../ports/own-account-records';
import { OwnAccountRepository } from '../ports/own-account.repository';

function ownAccountOf(user: UserEntity): OwnAccount {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailConfirmed: user.emailConfirmedAt !== null,
    passwordHash: user.passwordHash,
    disabled: user.disabledAt !== null,
  };
}

function linkOf(row: AccountLinkEntity): AccountLinkRecord {
  return {
    id: row.id,
    purpose: row.purpose,
    userId: row.userId,
    email: row.email,
    tokenHash: row.tokenHash,
    expiresAt: row.expiresAt,
  };
}

interface LinkRow {
  id: string;
  purpose: AccountLinkPurpose;
  user_id: string | null;
  email: string | null;
  token_hash: string;
  expires_at: Date;
}

@Injectable()
export class TypeOrmOwnAccountRepository extends OwnAccountRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findById(id: string, tx?: Transaction): Promise<OwnAccount | null> {
    const manager = tx ? entityManagerOf(tx) : this.dataSource.manager;
    const user = await manager.findOneBy(UserEntity, { id, kind: 'user' });
    return user ? ownAccountOf(user) : null;
  }

  async findByEmail(email: string): Promise<OwnAccount | null> {
    const user = await this.dataSource.manager
      .createQueryBuilder(UserEntity, 'u')
      .where('lower(u.email) = lower(:email)', { email })
      .andWhere(`u.kind = 'user'`)
      .getOne();
    return user ? ownAccountOf(user) : null;
  }

  async taken(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
    const [row] = (await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1)) AS username,
              EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2)) AS email`,
      [username, email],
    )) as Array<{ username: boolean; email: boolean }>;
    return { username: row.username, email: row.email };
  }

  async create(tx: Transaction, account: NewOwnAccount): Promise<boolean> {
    // ON CONFLICT: a unique violation would abort the caller's transaction; this answers false.
    const rows = (await entityManagerOf(tx).query(
      `WITH created AS (
         INSERT INTO users (id, username, email, fullname, password_hash, email_confirmed_at)
         VALUES ($1, $2, $3, $2, $4, NULL)
         ON CONFLICT DO NOTHING RETURNING id
       )
       SELECT id FROM created`,
      [account.id, account.username, account.email, account.passwordHash],
    )) as unknown[];
    return rows.length === 1;
  }

  async setPassword(tx: Transaction, userId: string, passwordHash: string): Promise<void> {
    await entityManagerOf(tx).update(UserEntity, { id: userId }, { passwordHash });
  }

  async confirmEmail(tx: Transaction, userId: string, email: string, at: Date): Promise<boolean> {
    const manager = entityManagerOf(tx);
    const [other] = (await manager.query(
      `SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2 LIMIT 1`,
      [email, userId],
    )) as unknown[];
    if (other) return false;
    await manager.update(UserEntity, { id: userId }, { email, emailConfirmedAt: at });
    return true;
  }

  async addLink(tx: Transaction, link: AccountLinkRecord): Promise<void> {
    await entityManagerOf(tx).insert(AccountLinkEntity, { ...link, usedAt: null });
  }

  async findLiveLink(
    tokenHash: string,
    purpose: AccountLinkPurpose,
    at: Date,
  ): Promise<AccountLinkRecord | null> {
    const row = await this.dataSource.manager
      .createQueryBuilder(AccountLinkEntity, 'l')
      .where('l.token_hash = :tokenHash AND l.purpose = :purpose', { tokenHash, purpose })
      .andWhere('l.used_at IS NULL AND l.expires_at > :at', { at })
      .getOne();
    return row ? linkOf(row) : null;
  }

  async redeemLink(
    tx: Transaction,
    tokenHash: string,
    purpose: AccountLinkPurpose,
    at: Date,
  ): Promise<AccountLinkRecord | null> {
    const rows = (await entityManagerOf(tx).query(
      `WITH redeemed AS (
         UPDATE account_links SET used_at = $3
          WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING id, purpose, user_id, email, token_hash, expires_at
       )
       SELECT * FROM redeemed`,
      [tokenHash, purpose, at],
    )) as LinkRow[];
    const row = rows[0];
    return row
      ? {
          id: row.id,
          purpose: row.purpose,
          userId: row.user_id,
          email: row.email,
          tokenHash: row.token_hash,
          expiresAt: new Date(row.expires_at),
        }
      : null;
  }

  async voidLinks(
    tx: Transaction,
    userId: string,
    purpose: AccountLinkPurpose,
    at: Date,
  ): Promise<void> {
    await entityManagerOf(tx).update(
      AccountLinkEntity,
      { userId, purpose, usedAt: IsNull() },
      { usedAt: at },
    );
  }
}
