import type {
  CreatePersonalTokenBody,
  FineGrainedPermissionsBody,
  PersonalTokenRole,
  TokenEntityType,
} from '@gatehouse/settings-api';
import { UsageError } from '../../usage.error';

/**
 * The flags of `gatehouse tokens create`, read into the body of `POST /api/settings/tokens`
 * (docs/settings-api.md "Access tokens"). Only the shape is checked here; the API checks the
 * permission names and where each applies, and its message is printed as it comes.
 */
export type CliRole = 'read' | 'write' | 'fine-grained';
export const CLI_ROLES: readonly CliRole[] = ['read', 'write', 'fine-grained'];

const ENTITY_TYPES: readonly TokenEntityType[] = ['user', 'org', 'model', 'dataset', 'space'];

export interface ScopeArgument {
  entity: { type: TokenEntityType; name: string };
  permissions: string[];
}

const PERMISSION = /^[a-z]+(\.[a-z]+)+$/;

function permissionList(text: string, where: string): string[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError(`${where}: name at least one permission`);
  const bad = names.find((name) => !PERMISSION.test(name));
  if (bad)
    throw new UsageError(
      `${where}: '${bad}' is not a permission name (e.g. repo.content.read, inference.serverless.write)`,
    );
  return names;
}

/** `--permission <perm>`: one global permission (a comma list is also taken). */
export function parsePermission(text: string): string[] {
  return permissionList(text, `--permission ${text}`);
}

/** `--scope <type>:<name>=<perm,perm>`, e.g. `org:acme=repo.content.read,repo.write`. */
export function parseScope(text: string): ScopeArgument {
  const found = /^([a-z]+):([^=]+)=(.*)$/.exec(text);
  if (!found)
    throw new UsageError(
      `--scope ${text}: write it as <type>:<name>=<perm,perm>, e.g. org:acme=repo.content.read`,
    );
  const [, type, name, permissions] = found as unknown as [string, string, string, string];
  if (!(ENTITY_TYPES as readonly string[]).includes(type))
    throw new UsageError(`--scope ${text}: the type is one of ${ENTITY_TYPES.join(', ')}`);
  return {
    entity: { type: type as TokenEntityType, name: name.trim() },
    permissions: permissionList(permissions, `--scope ${text}`),
  };
}

export type Expiry = { expiresInDays: 7 | 30 | 90 } | { expiresAt: string } | 'never';

/** `--expires 7d|30d|90d|YYYY-MM-DD|never`; a date must be after `today` (`YYYY-MM-DD`, UTC). */
export function parseExpiry(text: string, today: string): Expiry {
  if (text === 'never') return 'never';
  const days = /^(7|30|90)d$/.exec(text);
  if (days) return { expiresInDays: Number(days[1]) as 7 | 30 | 90 };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
    if (text <= today) throw new UsageError(`--expires ${text}: give a date after today`);
    return { expiresAt: text };
  }
  throw new UsageError(`--expires ${text}: one of 7d, 30d, 90d, a date (YYYY-MM-DD) or never`);
}

export interface CreateFlags {
  name?: string;
  role?: CliRole;
  permission: string[][];
  scope: ScopeArgument[];
  readGatedRepos?: boolean;
  expires: string;
}

/** The create request for the flags: fine-grained when permissions are given without a role. */
export function createBodyOf(flags: CreateFlags, today: string): CreatePersonalTokenBody {
  const name = flags.name?.trim();
  if (!name) throw new UsageError('Give the token a name: --name "what it is for"');
  const global = [...new Set(flags.permission.flat())];
  const grants = global.length > 0 || flags.scope.length > 0 || flags.readGatedRepos === true;
  const role: PersonalTokenRole =
    flags.role === 'fine-grained' || (flags.role === undefined && grants)
      ? 'fineGrained'
      : (flags.role ?? 'read');
  if (role !== 'fineGrained' && grants)
    throw new UsageError(
      `--permission, --scope and --read-gated-repos are for --role fine-grained, not ${role}`,
    );
  if (role === 'fineGrained' && !grants)
    throw new UsageError(
      'A fine-grained token needs permissions: --permission <perm> and/or --scope <type>:<name>=<perm,...>',
    );
  const expiry = parseExpiry(flags.expires, today);
  const fineGrained: FineGrainedPermissionsBody = {
    global,
    scoped: flags.scope,
    canReadGatedRepos: flags.readGatedRepos === true,
  };
  return {
    name,
    role,
    ...(role === 'fineGrained' && { fineGrained }),
    ...(expiry === 'never' ? {} : expiry),
  };
}
