import { SqlMigration } from './sql-migration';

export class Accounts1767225600000 extends SqlMigration {
  readonly name = 'Accounts1767225600000';

  protected readonly upStatements = [
    `CREATE TABLE users (
       id char(24) PRIMARY KEY,
       username text NOT NULL,
       email text NOT NULL,
       fullname text NOT NULL,
       password_hash text NOT NULL,
       is_pro boolean NOT NULL DEFAULT false,
       avatar_url text,
       disabled_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE UNIQUE INDEX users_username_ci_key ON users (lower(username))`,
    `CREATE UNIQUE INDEX users_email_ci_key ON users (lower(email))`,
    `CREATE TABLE organizations (
       id char(24) PRIMARY KEY,
       name text NOT NULL,
       fullname text NOT NULL,
       plan text NOT NULL DEFAULT 'free',
       avatar_url text,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT organizations_plan_check CHECK (plan IN ('free', 'team', 'enterprise'))
     )`,
    `CREATE UNIQUE INDEX organizations_name_ci_key ON organizations (lower(name))`,
    `CREATE TABLE memberships (
       org_id char(24) NOT NULL,
       user_id char(24) NOT NULL,
       role text NOT NULL,
       CONSTRAINT memberships_pkey PRIMARY KEY (org_id, user_id),
       CONSTRAINT memberships_org_id_fkey FOREIGN KEY (org_id) REFERENCES organizations (id) ON DELETE CASCADE,
       CONSTRAINT memberships_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
       CONSTRAINT memberships_role_check CHECK (role IN ('admin', 'write', 'contributor', 'read'))
     )`,
    `CREATE INDEX memberships_user_id_idx ON memberships (user_id)`,
  ];

  protected readonly downStatements = [
    `DROP TABLE memberships`,
    `DROP TABLE organizations`,
    `DROP TABLE users`,
  ];
}
