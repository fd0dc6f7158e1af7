import type { SourceJob } from '../source-jobs/ports/source-job';
import { SourceJobReader } from '../source-jobs/ports/source-job.reader';

export class InMemorySourceJobs extends SourceJobReader {
  readonly jobs = new Map<string, SourceJob>();

  add(job: SourceJob): void {
    this.jobs.set(job.id, job);
  }

  async findOwned(ownerId: string, jobId: string): Promise<SourceJob | null> {
    const job = this.jobs.get(jobId);
    return job && job.ownerId === ownerId ? structuredClone(job) : null;
  }

  async listOwned(ownerId: string, limit: number): Promise<SourceJob[]> {
    return [...this.jobs.values()]
      .filter((job) => job.ownerId === ownerId)
      .sort((a, b) => b.id.localeCompare(a.id))
      .slice(0, limit)
      .map((job) => structuredClone(job));
  }
}
