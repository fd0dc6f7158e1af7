import { SqlMigration } from './sql-migration';

/**
 * The signed-in browser sessions of each user, for the sessions page (docs/security.md
 * "Sessions"): the session itself stays in flow state under the hash of its cookie; this row is
 * its index by user, with a public id (never the cookie's secret), the device and address it
 * signed in from, and its last activity.
 */
export class SignInSessions1767225600975 extends SqlMigration {
  readonly name = 'SignInSessions1767225600975';

  protected readonly upStatements = [
    `CREATE TABLE sign_in_sessions (
       id char(24) PRIMARY KEY,
       user_id char(24) NOT NULL,
       session_hash char(64) NOT NULL,
       device text NOT NULL,
       address text NOT NULL,
       signed_in_at timestamptz NOT NULL,
       last_active_at timestamptz NOT NULL,
       expires_at timestamptz NOT NULL,
       CONSTRAINT sign_in_sessions_session_hash_key UNIQUE (session_hash),
       CONSTRAINT sign_in_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
     )`,
    `CREATE INDEX sign_in_sessions_user_id_idx ON sign_in_sessions (user_id)`,
  ];

  protected readonly downStatements = [`DROP TABLE sign_in_sessions`];
}
