export interface SeedSectionReport {
  created: number;
  updated: number;
  unchanged: number;
}

type SeedSection =
  | 'users'
  | 'organizations'
  | 'memberships'
  | 'apps'
  | 'accessTokens'
  | 'jobs'
  | 'trustedPublishers';

export type SeedReport = Record<SeedSection, SeedSectionReport> & {
  /** Client ids generated for apps the seed declared without one. */
  generatedClientIds: { app: string; owner: string; clientId: string }[];
};

export function emptySeedReport(): SeedReport {
  const section = (): SeedSectionReport => ({ created: 0, updated: 0, unchanged: 0 });
  return {
    users: section(),
    organizations: section(),
    memberships: section(),
    apps: section(),
    accessTokens: section(),
    jobs: section(),
    trustedPublishers: section(),
    generatedClientIds: [],
  };
}

/** Counts one declared item as created, updated (some field changed) or unchanged. */
export function tally(
  section: SeedSectionReport,
  outcome: 'created' | 'updated' | 'unchanged',
): void {
  section[outcome] += 1;
}
