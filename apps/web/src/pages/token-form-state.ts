import type {
  CreatePersonalTokenBody,
  FineGrainedPermissions,
  FineGrainedPermissionsBody,
  PersonalTokenRole,
  TokenEntityType,
} from '@gatehouse/settings-api';
import { PERMISSION_NAMES, permissionsApplying } from './token-permissions';

/**
 * The state of the token form, and everything about it that is not drawing: presets, the Hub's
 * deep link (`/settings/tokens/new?tokenType=fineGrained&ownUserPermissions=…`) and the body
 * sent to `POST /api/settings/tokens` (docs/settings-api.md "Access tokens").
 */
export type PresetId = 'read-only' | 'write' | 'inference' | 'ci-cd';
export type ExpiryChoice = '7' | '30' | '90' | 'custom' | 'none';

export interface ScopedRow {
  /** A React key; never sent. */
  key: number;
  type: TokenEntityType;
  name: string;
  permissions: string[];
}

/**
 * `own`: "Your account", sent as the Hub's creation form sends it, a scoped `user` entry naming
 * the owner (what tools reading whoami-v2 look for, docs/oauth.md "Fine-grained tokens").
 * `global`: kept as the token has it (set through the API or `gatehouse tokens create
 * --permission`), shown and sent back unchanged. `scoped`: the other entries.
 */
export interface FineGrainedState {
  own: string[];
  global: string[];
  scoped: ScopedRow[];
  canReadGatedRepos: boolean;
}

export interface TokenFormState extends FineGrainedState {
  name: string;
  role: PersonalTokenRole;
  preset: PresetId | null;
  expiry: ExpiryChoice;
  /** `YYYY-MM-DD`, with expiry `custom`. */
  expiresOn: string;
}

interface Preset {
  id: PresetId;
  label: string;
  summary: string;
  global: readonly string[];
  /** What each organization named with the preset (`orgs=` in a link) gets. */
  org: readonly string[];
  canReadGatedRepos: boolean;
}

export const PRESETS: readonly Preset[] = [
  {
    id: 'read-only',
    label: 'Read-only',
    summary: 'Download from your repositories, gated ones you were granted included.',
    global: ['repo.content.read', 'collection.read'],
    org: ['repo.content.read', 'collection.read', 'org.read'],
    canReadGatedRepos: true,
  },
  {
    id: 'write',
    label: 'Write',
    summary: 'Push to your repositories, open discussions, manage collections.',
    global: [
      'repo.content.read',
      'repo.write',
      'discussion.write',
      'collection.read',
      'collection.write',
    ],
    org: ['repo.content.read', 'repo.write', 'discussion.write', 'collection.read', 'org.read'],
    canReadGatedRepos: true,
  },
  {
    id: 'inference',
    label: 'Inference',
    summary: 'Call inference providers and your inference endpoints; nothing else.',
    global: ['inference.serverless.write', 'inference.endpoints.infer.write'],
    org: ['inference.serverless.write'],
    canReadGatedRepos: false,
  },
  {
    id: 'ci-cd',
    label: 'CI/CD',
    summary: 'Read and push repositories and run Jobs, for a pipeline.',
    global: ['repo.content.read', 'repo.write', 'job.write'],
    org: ['repo.content.read', 'repo.write', 'job.write'],
    canReadGatedRepos: false,
  },
];

/** The kinds of entry the form adds by name; the owner's own account is its own section. */
export const ENTITY_TYPES: ReadonlyArray<{ type: TokenEntityType; label: string }> = [
  { type: 'org', label: 'Organization' },
  { type: 'model', label: 'Model' },
  { type: 'dataset', label: 'Dataset' },
  { type: 'space', label: 'Space' },
];

let nextKey = 1;
export function scopedRow(
  type: TokenEntityType = 'org',
  name = '',
  permissions: string[] = [],
): ScopedRow {
  return { key: nextKey++, type, name, permissions };
}

export function emptyForm(): TokenFormState {
  return {
    name: '',
    role: 'fineGrained',
    preset: null,
    own: [],
    global: [],
    scoped: [],
    canReadGatedRepos: false,
    expiry: '30',
    expiresOn: '',
  };
}

/** The form with a preset applied: its permissions replace the grant; organizations keep their rows. */
export function withPreset(state: TokenFormState, id: PresetId): TokenFormState {
  const preset = PRESETS.find((candidate) => candidate.id === id)!;
  return {
    ...state,
    role: 'fineGrained',
    preset: id,
    own: [...preset.global],
    canReadGatedRepos: preset.canReadGatedRepos,
    scoped: state.scoped.map((row) => ({
      ...row,
      permissions: permissionsApplying(
        REPO_TYPES.includes(row.type) ? preset.global : preset.org,
        row.type,
      ),
    })),
  };
}

const REPO_TYPES: readonly TokenEntityType[] = ['model', 'dataset', 'space'];
const ROLES: readonly PersonalTokenRole[] = ['read', 'write', 'fineGrained'];
const PRESET_IDS = PRESETS.map((preset) => preset.id) as readonly string[];

/** Values of a repeatable query parameter, also split on commas (`a,b` or `a&x=b`). */
function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/**
 * The form as a link asks for it. Understood: `tokenType` (`read`, `write`, `fineGrained`),
 * `ownUserPermissions` (repeatable or comma-separated), `canReadGatedRepos=true`, `tokenName`,
 * `preset` (`read-only`, `write`, `inference`, `ci-cd`) and `orgs` (organizations the preset also
 * covers). Unknown permissions are left out and reported in `ignored`, so the page can say so.
 */
export function formFromSearch(search: string): { state: TokenFormState; ignored: string[] } {
  const params = new URLSearchParams(search);
  let state = emptyForm();
  const ignored: string[] = [];
  const tokenType = params.get('tokenType');
  if (tokenType !== null) {
    if ((ROLES as readonly string[]).includes(tokenType))
      state.role = tokenType as PersonalTokenRole;
    else ignored.push(`tokenType=${tokenType}`);
  }
  const tokenName = params.get('tokenName');
  if (tokenName) state.name = tokenName.slice(0, 100);
  for (const org of listParam(params, 'orgs')) state.scoped.push(scopedRow('org', org, []));
  const preset = params.get('preset');
  if (preset !== null) {
    if (PRESET_IDS.includes(preset)) state = withPreset(state, preset as PresetId);
    else ignored.push(`preset=${preset}`);
  }
  const own = listParam(params, 'ownUserPermissions');
  if (own.length > 0) {
    const known = permissionsApplying(own, 'user');
    ignored.push(...own.filter((name) => !known.includes(name)));
    state.own = permissionsApplying([...state.own, ...known], 'user');
    state.role = 'fineGrained';
  }
  if (params.get('canReadGatedRepos') === 'true') state.canReadGatedRepos = true;
  return { state, ignored };
}

/** A token's grant as the form edits it (the detail page); `owner` is the signed-in user's name. */
export function stateOfGrant(grant: FineGrainedPermissions, owner: string): FineGrainedState {
  const isOwn = (entity: { type: TokenEntityType; name: string }) =>
    entity.type === 'user' && entity.name.toLowerCase() === owner.toLowerCase();
  return {
    own: grant.scoped.filter(({ entity }) => isOwn(entity)).flatMap((entry) => entry.permissions),
    global: [...grant.global],
    scoped: grant.scoped
      .filter(({ entity }) => !isOwn(entity))
      .map(({ entity, permissions }) => scopedRow(entity.type, entity.name, [...permissions])),
    canReadGatedRepos: grant.canReadGatedRepos,
  };
}

/** Toggles one permission in a list, keeping the form's order. */
export function toggled(names: readonly string[], name: string, on: boolean): string[] {
  const set = new Set(names);
  if (on) set.add(name);
  else set.delete(name);
  return PERMISSION_NAMES.filter((candidate) => set.has(candidate));
}

/**
 * What is wrong with an entity name before it is sent, or null. The API decides (it also knows
 * which organizations the user is in); this only catches what can be seen while typing.
 */
export function entityNameProblem(type: TokenEntityType, name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Type a name';
  if (REPO_TYPES.includes(type)) {
    if (!/^[^/\s]+\/[^/\s]+$/.test(trimmed))
      return `A ${type} is named owner/name, e.g. acme/${type === 'model' ? 'bert-base' : 'data'}`;
  } else if (/[/\s]/.test(trimmed)) {
    return `${type === 'org' ? 'An organization' : 'A user'} name has no spaces or slashes`;
  }
  return null;
}

/** The token pages' words for what the API may still reject, by field. */
export const TOKEN_WORDS: Record<string, string> = {
  name: 'Give the token a name of at most 100 characters.',
  fineGrained: 'Give the token at least one permission, or pick a preset.',
  expiresAt: 'Pick an expiry date after today.',
};

/** What is wrong with a token name, in the page's words; null when it will do. */
export function tokenNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Give the token a name.';
  if (name.length > 100) return TOKEN_WORDS.name!;
  return null;
}

/** The form problems the page shows before sending; the API's own errors come after. */
export interface FormProblem {
  field: string;
  message: string;
}

export function grantBody(state: FineGrainedState, owner: string): FineGrainedPermissionsBody {
  return {
    global: [...state.global],
    scoped: [
      ...(state.own.length > 0
        ? [{ entity: { type: 'user' as const, name: owner }, permissions: [...state.own] }]
        : []),
      ...state.scoped.map((row) => ({
        entity: { type: row.type, name: row.name.trim() },
        permissions: [...row.permissions],
      })),
    ],
    canReadGatedRepos: state.canReadGatedRepos,
  };
}

export function grantProblems(state: FineGrainedState): FormProblem[] {
  const problems: FormProblem[] = [];
  state.scoped.forEach((row, index) => {
    const nameProblem = entityNameProblem(row.type, row.name);
    if (nameProblem) problems.push({ field: `scoped.${index}.name`, message: nameProblem });
    if (row.permissions.length === 0)
      problems.push({
        field: `scoped.${index}.permissions`,
        message: 'Tick at least one permission, or remove this entry',
      });
  });
  if (
    state.own.length === 0 &&
    state.global.length === 0 &&
    state.scoped.length === 0 &&
    !state.canReadGatedRepos
  )
    problems.push({
      field: 'fineGrained',
      message: 'Give the token at least one permission, or pick a preset',
    });
  return problems;
}

/**
 * The request body for the form, or the problems to fix first. `today` is `YYYY-MM-DD` in the
 * person's time zone: a custom expiry must come after it. `owner`: the signed-in user's name.
 */
export function createBody(
  state: TokenFormState,
  today: string,
  owner: string,
): { body: CreatePersonalTokenBody } | { problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const nameProblem = tokenNameProblem(state.name);
  if (nameProblem) problems.push({ field: 'name', message: nameProblem });
  if (state.role === 'fineGrained') problems.push(...grantProblems(state));
  if (state.expiry === 'custom') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(state.expiresOn))
      problems.push({ field: 'expiresOn', message: 'Pick a date' });
    else if (state.expiresOn <= today)
      problems.push({ field: 'expiresOn', message: 'Pick a date after today' });
  }
  if (problems.length > 0) return { problems };
  return {
    body: {
      name: state.name.trim(),
      role: state.role,
      ...(state.role === 'fineGrained' && { fineGrained: grantBody(state, owner) }),
      ...(state.expiry === '7' || state.expiry === '30' || state.expiry === '90'
        ? { expiresInDays: Number(state.expiry) as 7 | 30 | 90 }
        : {}),
      ...(state.expiry === 'custom' && { expiresAt: state.expiresOn }),
    },
  };
}
