import type { TokenEntityType } from '@gatehouse/settings-api';

/**
 * The fine-grained permissions as the form shows them: grouped, in plain words, and where each
 * may be granted (`user` also meaning the "your account" section). The names and where they apply
 * are those of docs/oauth.md "Fine-grained tokens"; the API checks every grant again.
 */
interface PermissionOption {
  name: string;
  label: string;
  appliesTo: readonly TokenEntityType[];
}

export interface PermissionGroup {
  id: string;
  label: string;
  permissions: readonly PermissionOption[];
}

const EVERYWHERE: readonly TokenEntityType[] = ['user', 'org', 'model', 'dataset', 'space'];
const ACCOUNTS: readonly TokenEntityType[] = ['user', 'org'];

const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  {
    id: 'repositories',
    label: 'Repositories',
    permissions: [
      {
        name: 'repo.content.read',
        label: 'Read the files of repositories, private ones included',
        appliesTo: EVERYWHERE,
      },
      {
        name: 'repo.access.read',
        label: 'See who asked for access to gated repositories',
        appliesTo: EVERYWHERE,
      },
      {
        name: 'repo.write',
        label: 'Push files, change settings, create and delete repositories',
        appliesTo: EVERYWHERE,
      },
    ],
  },
  {
    id: 'discussions',
    label: 'Discussions',
    permissions: [
      {
        name: 'discussion.write',
        label: 'Open discussions and pull requests, comment on and close them',
        appliesTo: EVERYWHERE,
      },
    ],
  },
  {
    id: 'collections',
    label: 'Collections',
    permissions: [
      {
        name: 'collection.read',
        label: 'Read collections, private ones included',
        appliesTo: ACCOUNTS,
      },
      {
        name: 'collection.write',
        label: 'Create, change and delete collections',
        appliesTo: ACCOUNTS,
      },
    ],
  },
  {
    id: 'inference',
    label: 'Inference',
    permissions: [
      {
        name: 'inference.serverless.write',
        label: 'Make calls to inference providers (billed to the account)',
        appliesTo: ACCOUNTS,
      },
      {
        name: 'inference.endpoints.infer.write',
        label: 'See inference endpoints and send requests to them',
        appliesTo: ACCOUNTS,
      },
      {
        name: 'inference.endpoints.write',
        label: 'Create, change and delete inference endpoints',
        appliesTo: ACCOUNTS,
      },
    ],
  },
  {
    id: 'jobs',
    label: 'Jobs',
    permissions: [{ name: 'job.write', label: 'Run Jobs', appliesTo: ACCOUNTS }],
  },
  {
    id: 'webhooks',
    label: 'Webhooks',
    permissions: [
      {
        name: 'user.webhooks.read',
        label: 'List webhooks and their activity (without secrets)',
        appliesTo: ['user'],
      },
      {
        name: 'user.webhooks.write',
        label: 'Create, change, replay and delete webhooks, and see their secrets',
        appliesTo: ['user'],
      },
    ],
  },
  {
    id: 'billing',
    label: 'Billing',
    permissions: [
      {
        name: 'user.billing.read',
        label: 'See whether a payment method is set up',
        appliesTo: ACCOUNTS,
      },
    ],
  },
  {
    id: 'org',
    label: 'Organization',
    permissions: [
      {
        name: 'org.read',
        label: "Read the organization's members and settings",
        appliesTo: ['org'],
      },
      {
        name: 'org.write',
        label: "Change the organization's settings (administrators only)",
        appliesTo: ['org'],
      },
    ],
  },
];

const ALL = PERMISSION_GROUPS.flatMap((group) => group.permissions);

/** Every permission name, in the order the form shows them. */
export const PERMISSION_NAMES: readonly string[] = ALL.map((permission) => permission.name);

/** The groups, keeping only the permissions that may be granted on this kind of entity. */
export function groupsFor(type: TokenEntityType): PermissionGroup[] {
  return PERMISSION_GROUPS.map((group) => ({
    ...group,
    permissions: group.permissions.filter((permission) => permission.appliesTo.includes(type)),
  })).filter((group) => group.permissions.length > 0);
}

/** `names` kept to those that apply to `type`, in the form's order, each once. */
export function permissionsApplying(names: readonly string[], type: TokenEntityType): string[] {
  return ALL.filter(
    (permission) => permission.appliesTo.includes(type) && names.includes(permission.name),
  ).map((permission) => permission.name);
}
