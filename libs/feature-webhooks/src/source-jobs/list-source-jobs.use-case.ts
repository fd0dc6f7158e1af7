import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '@gatehouse/identity';
import type { SourceJobsPage } from '@gatehouse/settings-api';
import { webhookOwnerOf } from '../webhooks/webhook-owner';
import { SourceJobReader } from './ports/source-job.reader';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../webhooks-module-options';

/** The form lists this many; an owner with more types the id. */
const MAX_LISTED_JOBS = 100;

/**
 * `GET /api/settings/webhooks/source-jobs`: the caller's Jobs a Job webhook may start, newest
 * first, without their environment or secrets, and whether this server starts Jobs at all
 * (docs/settings-api.md "Webhooks").
 */
@Injectable()
export class ListSourceJobs {
  constructor(
    private readonly jobs: SourceJobReader,
    @Inject(WEBHOOKS_SETTINGS) private readonly settings: WebhooksSettings,
  ) {}

  async execute(principal: Principal): Promise<SourceJobsPage> {
    const jobs = await this.jobs.listOwned(webhookOwnerOf(principal), MAX_LISTED_JOBS);
    return {
      jobs: jobs.map(({ id, spec }) => ({
        id,
        dockerImage: spec.dockerImage ?? null,
        spaceId: spec.spaceId ?? null,
        command: [...spec.command],
      })),
      jobsEnabled: this.settings.jobsEnabled,
    };
  }
}
