import { SqlMigration } from './sql-migration';

/**
 * Accounts people make themselves (docs/security.md "Accounts"): when a user's e-mail address was
 * confirmed (every account made before, and every one an administrator or a seed makes, counts as
 * confirmed: the column defaults to the insert's time; sign-up inserts NULL), and the links sent
 * by e-mail: address confirmations, password resets and invitations, each stored as the hash of
 * its secret, used once, short-lived.
 */
export class AccountLinks1767225600850 extends SqlMigration {
  readonly name = 'AccountLinks1767225600850';

  protected readonly upStatements = [
    `ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz DEFAULT now()`,
    `CREATE TABLE account_links (
       id char(24) PRIMARY KEY,
       purpose text NOT NULL,
       user_id char(24),
       email text,
       token_hash char(64) NOT NULL,
       expires_at timestamptz NOT NULL,
       used_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT account_links_purpose_check
         CHECK (purpose IN ('confirm_email', 'reset_password', 'invitation')),
       CONSTRAINT account_links_user_check CHECK ((purpose = 'invitation') = (user_id IS NULL)),
       CONSTRAINT account_links_token_hash_key UNIQUE (token_hash),
       CONSTRAINT account_links_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
     )`,
    `CREATE INDEX account_links_user_id_idx ON account_links (user_id)`,
  ];

  protected readonly downStatements = [
    `DROP TABLE account_links`,
    `ALTER TABLE users DROP COLUMN email_confirmed_at`,
  ];
}
