import type { SourceJob } from './source-job';

/** Source Jobs (table `jobs`), read to snapshot a Job webhook's spec. */
export abstract class SourceJobReader {
  /** The owner's Job; null for another owner's or an unknown id. */
  abstract findOwned(ownerId: string, jobId: string): Promise<SourceJob | null>;
  /** The owner's Jobs, newest first, at most `limit`. */
  abstract listOwned(ownerId: string, limit: number): Promise<SourceJob[]>;
}
