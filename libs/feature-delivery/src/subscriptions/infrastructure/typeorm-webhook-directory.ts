import { Injectable } from '@nestjs/common';
import { type JobSpecRecord, WEBHOOK_DOMAINS, type WebhookDomain, webhookSettingsOf } from '@gatehouse/domain';
import { WebhookEntity } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import { WebhookDirectory } from '../ports/webhook-directory';
import type { WebhookSnapshot } from '../ports/webhook-snapshot';

@Injectable()
export class TypeOrmWebhookDirectory extends WebhookDirectory {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async loadAll(): Promise<WebhookSnapshot[]> {
    const rows = await this.dataSource.manager.find(WebhookEntity, { order: { id: 'ASC' } });
    return rows.map(webhookSnapshotOf);
  }

  async load(webhookId: string): Promise<WebhookSnapshot | null> {
    const row = await this.dataSource.manager.findOneBy(WebhookEntity, { id: webhookId });
    return row ? webhookSnapshotOf(row) : null;
  }

  async revisionsChangedSince(since: Date): Promise<Array<{ id: string; revision: number }>> {
    // webhooks_updated_at_idx: usually an empty range scan.
    return this.dataSource.query(`SELECT id, revision FROM webhooks WHERE updated_at > $1`, [since]);
  }
}

export function webhookSnapshotOf(row: WebhookEntity): WebhookSnapshot {
  return {
    id: row.id,
    ownerId: row.ownerUserId,
    ...webhookSettingsOf(row),
    domains: domainsOf(row.domains),
    disabled: row.disabled,
    revision: row.revision,
    target: row.jobSpec ? { kind: 'job', spec: row.jobSpec as unknown as JobSpecRecord } : { kind: 'url', url: row.url ?? '' },
    sealedSecret: row.secretEncrypted,
    sealedJobSecrets: row.jobSecretsEncrypted ?? {},
  };
}

/**
 * webhook-management stores the canonical list (never empty: the API refuses `[]`); an empty
 * list left by an older writer means "every domain", as the webhook.changed contract says.
 */
function domainsOf(stored: readonly string[]): WebhookDomain[] {
  const known = WEBHOOK_DOMAINS.filter((domain) => stored.includes(domain));
  return known.length > 0 ? known : [...WEBHOOK_DOMAINS];
}
