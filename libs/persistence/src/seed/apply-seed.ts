import { systemClock } from '@gatehouse/domain';
import { DataSource } from 'typeorm';
import { applyAccessTokens } from './apply/apply-access-tokens';
import { applyApps } from './apply/apply-apps';
import { applyJobs } from './apply/apply-jobs';
import { applyOrganizations } from './apply/apply-organizations';
import { applyTrustedPublishers } from './apply/apply-trusted-publishers';
import { applyUsers } from './apply/apply-users';
import { SeedContext } from './apply/seed-context';
import { SeedDeps } from './seed-deps';
import { SeedReport, emptySeedReport } from './seed-report';
import { SeedDocument } from './seed-schema';

/**
 * Applies a validated seed in one transaction: all of it or nothing. Items are upserted by
 * their natural keys, so applying the same seed again changes nothing. References (members,
 * owners) may name items of this seed or rows already stored; an unknown one is a SeedError
 * naming its path in the document.
 */
export async function applySeed(
  ds: DataSource,
  seed: SeedDocument,
  deps: SeedDeps,
): Promise<SeedReport> {
  const now = new Date((deps.clock ?? systemClock).now());
  return ds.transaction(async (manager) => {
    const ctx = new SeedContext(manager, deps, now, emptySeedReport());
    await applyUsers(ctx, seed.users);
    await applyOrganizations(ctx, seed.organizations);
    await applyApps(ctx, seed.apps);
    await applyAccessTokens(ctx, seed.accessTokens);
    await applyJobs(ctx, seed.jobs);
    await applyTrustedPublishers(ctx, seed.trustedPublishers);
    return ctx.report;
  });
}
