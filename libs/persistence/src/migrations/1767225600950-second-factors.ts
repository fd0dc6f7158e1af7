import { SqlMigration } from './sql-migration';

/**
 * Second factors (docs/security.md "Second factors bypassed, replayed or guessed"): a TOTP
 * secret per account, sealed with GATEHOUSE_ENCRYPTION_KEY and active once confirmed, with the
 * last time step it accepted (a code is good once); recovery codes, hashed, each single use;
 * passkeys (WebAuthn credentials) with their signature counter.
 */
export class SecondFactors1767225600950 extends SqlMigration {
  readonly name = 'SecondFactors1767225600950';

  protected readonly upStatements = [
    `CREATE TABLE totp_factors (
       user_id char(24) PRIMARY KEY,
       secret_encrypted text NOT NULL,
       confirmed_at timestamptz,
       last_used_step bigint,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT totp_factors_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
     )`,
    `CREATE TABLE recovery_codes (
       id char(24) PRIMARY KEY,
       user_id char(24) NOT NULL,
       code_hash char(64) NOT NULL,
       used_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT recovery_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
       CONSTRAINT recovery_codes_user_code_key UNIQUE (user_id, code_hash)
     )`,
    `CREATE TABLE passkeys (
       id char(24) PRIMARY KEY,
       user_id char(24) NOT NULL,
       credential_id text NOT NULL,
       public_key text NOT NULL,
       sign_count bigint NOT NULL DEFAULT 0,
       transports jsonb NOT NULL DEFAULT '[]',
       name text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       last_used_at timestamptz,
       CONSTRAINT passkeys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
       CONSTRAINT passkeys_credential_id_key UNIQUE (credential_id)
     )`,
    `CREATE INDEX passkeys_user_id_idx ON passkeys (user_id)`,
  ];

  protected readonly downStatements = [
    `DROP TABLE passkeys`,
    `DROP TABLE recovery_codes`,
    `DROP TABLE totp_factors`,
  ];
}
