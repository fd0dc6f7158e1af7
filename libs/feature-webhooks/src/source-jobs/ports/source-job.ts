import type { JobSpecRecord } from '@gatehouse/domain';

/**
 * A source Job (table `jobs`) as a Job webhook snapshots it. Its secrets are deliberately absent:
 * docs/settings-api.md "Webhooks", the source Job's secrets are never copied to the webhook.
 */
export interface SourceJob {
  id: string;
  ownerId: string;
  spec: JobSpecRecord;
}
