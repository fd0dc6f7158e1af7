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
      select: {
        id: true,
        ownerUserId: true,
        command: true,
        dockerImage: true,
        spaceId: true,
        environment: true,
        flavor: true,
        timeoutSeconds: true,
      },
    });
    if (!row) return null;
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
}
