import { SqlMigration } from './sql-migration';

/**
 * The signed-in browser sessions of each user, for the sessions page (docs/security.md
 * "Sessions"): the session itself stays in flow state under the hash of its cookie; this row is
 * its index by user, with a public id (never the cookie's secret, and the `sid` of id_tokens and
 * logout tokens), the device and address it signed in from, and its last activity. And what an
 * app registers for OpenID Connect logout (docs/oauth.md "Logout"): the addresses an
 * RP-initiated logout may return to, and where its back-channel logout tokens go. And when an
 * account whose owner asked to leave is deleted (`deletion_due_at`, docs/security.md "Leaving"),
 * and the security events its owner sees on the account page (`security_events`).
 */
export class SessionsAndLogout1767225600975 extends SqlMigration {
  readonly name = 'SessionsAndLogout1767225600975';

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
    `ALTER TABLE oauth_apps ADD COLUMN post_logout_redirect_uris text[] NOT NULL DEFAULT '{}'`,
    `ALTER TABLE oauth_apps ADD COLUMN backchannel_logout_uri text`,
    `ALTER TABLE oauth_apps ADD COLUMN backchannel_logout_session_required boolean NOT NULL DEFAULT false`,
    `ALTER TABLE users ADD COLUMN deletion_due_at timestamptz`,
    `CREATE TABLE security_events (
       id char(24) PRIMARY KEY,
       user_id char(24) NOT NULL,
       kind text NOT NULL,
       details jsonb NOT NULL,
       created_at timestamptz NOT NULL,
       CONSTRAINT security_events_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
     )`,
    `CREATE INDEX security_events_user_id_created_at_idx ON security_events (user_id, created_at)`,
  ];

  protected readonly downStatements = [
    `DROP TABLE security_events`,
    `ALTER TABLE users DROP COLUMN deletion_due_at`,
    `ALTER TABLE oauth_apps DROP COLUMN backchannel_logout_session_required`,
    `ALTER TABLE oauth_apps DROP COLUMN backchannel_logout_uri`,
    `ALTER TABLE oauth_apps DROP COLUMN post_logout_redirect_uris`,
    `DROP TABLE sign_in_sessions`,
  ];
}
