import { Injectable } from '@nestjs/common';
import { JobEntity } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import type { SourceJob } from '../ports/source-job';
import { SourceJobReader } from '../ports/source-job.reader';

/** Reads the `jobs` table; `secrets_encrypted` is never selected. */
@Injectable()
export class TypeOrmSourceJobReader extends SourceJobReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findOwned(ownerId: string, jobId: string): Promise<SourceJob | null> {
    const row = await this.dataSource.manager.findOne(JobEntity, {
      where: { id: jobId, ownerUserId: ownerId },
      select: SPEC_COLUMNS,
    });
    return row ? sourceJobOf(row) : null;
  }

  async listOwned(ownerId: string, limit: number): Promise<SourceJob[]> {
    // Ids are ObjectIds: their order is their creation order.
    const rows = await this.dataSource.manager.find(JobEntity, {
      where: { ownerUserId: ownerId },
      select: SPEC_COLUMNS,
      order: { id: 'DESC' },
      take: limit,
    });
    return rows.map(sourceJobOf);
  }
}

const SPEC_COLUMNS = {
  id: true,
  ownerUserId: true,
  command: true,
  dockerImage: true,
  spaceId: true,
  environment: true,
  flavor: true,
  timeoutSeconds: true,
} as const;

function sourceJobOf(row: JobEntity): SourceJob {
  return {
    id: row.id,
    ownerId: row.ownerUserId,
    spec: {
      dockerImage: row.dockerImage,
      spaceId: row.spaceId,
      command: row.command,
      environment: row.environment,
      flavor: row.flavor,
      timeoutSeconds: row.timeoutSeconds,
    },
  };
}
