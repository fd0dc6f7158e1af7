import { ApiError, type JobSpecRecord } from '@gatehouse/domain';
import type { SourceJobReader } from './ports/source-job.reader';

/**
 * The spec a Job webhook runs, copied from the caller's own source Job. Another
 * user's Job is answered exactly like a missing one.
 */
export async function snapshotSourceJob(
  jobs: SourceJobReader,
  ownerId: string,
  jobId: string,
): Promise<JobSpecRecord> {
  const job = await jobs.findOwned(ownerId, jobId);
  if (!job) throw ApiError.badRequest(`jobSourceId: no Job ${jobId} among yours`, 'jobSourceId');
  return job.spec;
}
