import { envSection } from '../env-section';
import { envVariable, invalid } from '../env-variable';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_PLATFORM_ADMINS_DOC: VariableDoc = {
  description:
    'Comma-separated usernames of the platform administrators, who may call the admin API (`/api/admin/*`, `gatehouse admin users|orgs`) with a `write` personal token; users the seed flags `platformAdmin: true` are administrators too (docs/admin-api.md).',
  shownDefault: 'none',
};

export interface AdminConfig {
  /** Usernames (compared without case) of the platform administrators named by configuration. */
  platformAdmins: string[];
}

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const usernameList = envVariable((raw) => {
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.every((name) => USERNAME.test(name))
    ? names
    : invalid('must be a comma-separated list of usernames (alice,bob)');
});

/** Who administers the platform, besides the users the seed flags. */
export const adminSection = envSection(
  {
    GATEHOUSE_PLATFORM_ADMINS: documented(usernameList.default([]), GATEHOUSE_PLATFORM_ADMINS_DOC),
  },
  (env): AdminConfig => ({ platformAdmins: [...env.GATEHOUSE_PLATFORM_ADMINS] }),
);
