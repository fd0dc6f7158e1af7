import type { JobSpecRecord } from '@gatehouse/domain';

/**
 * A source Job (table `jobs`) as a Job webhook snapshots it. Its secrets are deliberately absent:
 * spec 4.8 rule 2, the source Job's secrets are never copied to the webhook.
 */
export interface SourceJob {
  id: string;
  ownerId: string;
  spec: JobSpecRecord;
}
