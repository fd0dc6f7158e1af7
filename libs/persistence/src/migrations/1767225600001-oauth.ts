import { SqlMigration } from './sql-migration';

/**
 * OAuth tables. `client_id` columns outside `oauth_apps` carry no foreign key: apps known
 * through a client-ID metadata document (docs/oauth.md "Apps") have no row there.
 */
export class OAuth1767225600001 extends SqlMigration {
  readonly name = 'OAuth1767225600001';

  protected readonly upStatements = [
    `CREATE TABLE oauth_apps (
       id char(24) PRIMARY KEY,
       client_id text NOT NULL,
       name text NOT NULL,
       owner_user_id char(24),
       owner_org_id char(24),
       client_secret_hash text,
       redirect_uris text[] NOT NULL DEFAULT '{}',
       scopes text[] NOT NULL DEFAULT '{}',
       logo_uri text,
       access_token_ttl_seconds integer NOT NULL DEFAULT 28800,
       token_exchange boolean NOT NULL DEFAULT false,
       bound_org_id char(24),
       token_exchange_ttl_seconds integer,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT oauth_apps_client_id_key UNIQUE (client_id),
       CONSTRAINT oauth_apps_one_owner CHECK (num_nonnulls(owner_user_id, owner_org_id) = 1),
       CONSTRAINT oauth_apps_owner_user_id_fkey FOREIGN KEY (owner_user_id) REFERENCES users (id) ON DELETE CASCADE,
       CONSTRAINT oauth_apps_owner_org_id_fkey FOREIGN KEY (owner_org_id) REFERENCES organizations (id) ON DELETE CASCADE,
       CONSTRAINT oauth_apps_bound_org_id_fkey FOREIGN KEY (bound_org_id) REFERENCES organizations (id) ON DELETE SET NULL
     )`,
    `CREATE INDEX oauth_apps_owner_user_id_idx ON oauth_apps (owner_user_id)`,
    `CREATE INDEX oauth_apps_owner_org_id_idx ON oauth_apps (owner_org_id)`,
    `CREATE TABLE consents (
       id char(24) PRIMARY KEY,
       user_id char(24) NOT NULL,
       client_id text NOT NULL,
       scopes text[] NOT NULL DEFAULT '{}',
       org_ids text[] NOT NULL DEFAULT '{}',
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT consents_user_id_client_id_key UNIQUE (user_id, client_id),
       CONSTRAINT consents_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
     )`,
    `CREATE TABLE access_tokens (
       id char(24) PRIMARY KEY,
       token_hash char(64) NOT NULL,
       kind text NOT NULL,
       user_id char(24),
       client_id text,
       scopes text[] NOT NULL DEFAULT '{}',
       org_ids text[] NOT NULL DEFAULT '{}',
       bound_org_id char(24),
       role text,
       repo jsonb,
       refresh_family_id char(24),
       auth_time timestamptz,
       expires_at timestamptz NOT NULL,
       revoked_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT access_tokens_token_hash_key UNIQUE (token_hash),
       CONSTRAINT access_tokens_kind_check CHECK (kind IN ('oauth', 'exchange', 'trusted_publisher')),
       CONSTRAINT access_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
       CONSTRAINT access_tokens_bound_org_id_fkey FOREIGN KEY (bound_org_id) REFERENCES organizations (id) ON DELETE CASCADE
     )`,
    `CREATE INDEX access_tokens_user_id_idx ON access_tokens (user_id)`,
    `CREATE INDEX access_tokens_refresh_family_id_idx ON access_tokens (refresh_family_id)`,
    `CREATE TABLE refresh_tokens (
       id char(24) PRIMARY KEY,
       token_hash char(64) NOT NULL,
       family_id char(24) NOT NULL,
       client_id text NOT NULL,
       user_id char(24) NOT NULL,
       scopes text[] NOT NULL DEFAULT '{}',
       org_ids text[] NOT NULL DEFAULT '{}',
       auth_time timestamptz NOT NULL,
       expires_at timestamptz NOT NULL,
       used_at timestamptz,
       revoked_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT refresh_tokens_token_hash_key UNIQUE (token_hash),
       CONSTRAINT refresh_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
     )`,
    `CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id)`,
    `CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id)`,
    `CREATE TABLE personal_access_tokens (
       id char(24) PRIMARY KEY,
       token_hash char(64) NOT NULL,
       user_id char(24) NOT NULL,
       name text NOT NULL,
       role text NOT NULL,
       last_used_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now(),
       revoked_at timestamptz,
       CONSTRAINT personal_access_tokens_token_hash_key UNIQUE (token_hash),
       CONSTRAINT personal_access_tokens_role_check CHECK (role IN ('read', 'write')),
       CONSTRAINT personal_access_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
     )`,
    `CREATE INDEX personal_access_tokens_user_id_idx ON personal_access_tokens (user_id)`,
    `CREATE TABLE signing_keys (
       kid text PRIMARY KEY,
       alg text NOT NULL,
       public_jwk jsonb NOT NULL,
       private_jwk_encrypted text NOT NULL,
       status text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       rotated_at timestamptz,
       CONSTRAINT signing_keys_status_check CHECK (status IN ('current', 'previous', 'retired'))
     )`,
    `CREATE UNIQUE INDEX signing_keys_one_current_key ON signing_keys (status) WHERE status = 'current'`,
  ];

  protected readonly downStatements = [
    `DROP TABLE signing_keys`,
    `DROP TABLE personal_access_tokens`,
    `DROP TABLE refresh_tokens`,
    `DROP TABLE access_tokens`,
    `DROP TABLE consents`,
    `DROP TABLE oauth_apps`,
  ];
}
