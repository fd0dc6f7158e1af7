import { JobEntity, jobSecretContext } from '../../entities/webhooks/job.entity';
import { SeedDocument } from '../seed-schema';
import { tally } from '../seed-report';
import { changedFields, isEmpty } from './changed-fields';
import { SeedContext } from './seed-context';

/** Upserts source Jobs by id. Secrets are sealed; an unchanged secret keeps its ciphertext. */
export async function applyJobs(ctx: SeedContext, jobs: SeedDocument['jobs']): Promise<void> {
  for (const [index, declared] of jobs.entries()) {
    const owner = await ctx.requireUser(declared.owner, `jobs[${index}].owner`);
    const existing = await ctx.manager.findOneBy(JobEntity, { id: declared.id });
    const desired = {
      ownerUserId: owner.id,
      command: declared.command,
      dockerImage: declared.image ?? null,
      environment: declared.env,
      secretsEncrypted: sealSecrets(
        ctx,
        declared.id,
        declared.secrets,
        existing?.secretsEncrypted ?? {},
      ),
    };
    if (!existing) {
      await ctx.manager.insert(JobEntity, { ...desired, id: declared.id, createdAt: ctx.now });
      tally(ctx.report.jobs, 'created');
      continue;
    }
    const changes = changedFields(existing, desired);
    if (!isEmpty(changes)) await ctx.manager.update(JobEntity, { id: existing.id }, changes);
    tally(ctx.report.jobs, isEmpty(changes) ? 'unchanged' : 'updated');
  }
}

function sealSecrets(
  ctx: SeedContext,
  jobId: string,
  secrets: Record<string, string>,
  stored: Record<string, string>,
): Record<string, string> {
  const sealed: Record<string, string> = {};
  for (const [name, value] of Object.entries(secrets)) {
    const context = jobSecretContext(jobId, name);
    const unchanged =
      stored[name] !== undefined && ctx.deps.decrypt(stored[name], context) === value;
    sealed[name] = unchanged ? stored[name] : ctx.deps.encrypt(value, context);
  }
  return sealed;
}
