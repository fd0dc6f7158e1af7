import { Injectable } from '@nestjs/common';
import {
  type JobSpecRecord,
  WEBHOOK_DOMAINS,
  type WebhookDomain,
  webhookSettingsOf,
} from '@gatehouse/domain';
import { WebhookEntity } from '@gatehouse/persistence';
import { DataSource, In } from 'typeorm';
import { WebhookDirectory } from '../ports/webhook-directory';
import type { WebhookSnapshot, WebhookSubscriptionRecord } from '../ports/webhook-snapshot';

/**
 * Rows read per statement by loadPages. Reading them all in one statement held every raw row at
 * once (with 100,000 webhooks, more heap than the index itself), which V8 kept committed after
 * collecting it; so did a list of every webhook's record built from the pages.
 */
const LOAD_PAGE_SIZE = 2_000;

/** The columns matching reads, without the URL, the Job spec or any secret. */
const LOAD_PAGE = `
  SELECT id, owner_user_id, watched, domains, disabled, revision, job_spec IS NOT NULL AS job
    FROM webhooks WHERE id > $1 ORDER BY id LIMIT $2`;

interface SubscriptionRow {
  id: string;
  owner_user_id: string;
  watched: WebhookSnapshot['watched'];
  domains: string[];
  disabled: boolean;
  revision: number;
  job: boolean;
}

@Injectable()
export class TypeOrmWebhookDirectory extends WebhookDirectory {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * Pages by id. A row changed between two pages is read as it was or as it is, like a row changed
   * just after a single read: the registry's catch-up reads and webhook.changed events bring it current.
   */
  async *loadPages(): AsyncIterable<readonly WebhookSubscriptionRecord[]> {
    for (let after = ''; ;) {
      const page: SubscriptionRow[] = await this.dataSource.query(LOAD_PAGE, [
        after,
        LOAD_PAGE_SIZE,
      ]);
      yield page.map((row): WebhookSubscriptionRecord => ({
        id: row.id,
        ownerId: row.owner_user_id,
        watched: row.watched.map(({ type, name }) => ({ type, name })),
        domains: domainsOf(row.domains),
        disabled: row.disabled,
        revision: row.revision,
        targetKind: row.job ? 'job' : 'url',
      }));
      if (page.length < LOAD_PAGE_SIZE) return;
      after = page[page.length - 1]!.id;
    }
  }

  async load(webhookIds: readonly string[]): Promise<WebhookSnapshot[]> {
    if (webhookIds.length === 0) return [];
    const rows = await this.dataSource.manager.findBy(WebhookEntity, { id: In([...webhookIds]) });
    return rows.map(webhookSnapshotOf);
  }

  async revisionsChangedSince(since: Date): Promise<Array<{ id: string; revision: number }>> {
    // webhooks_updated_at_idx: usually an empty range scan.
    return this.dataSource.query(`SELECT id, revision FROM webhooks WHERE updated_at > $1`, [
      since,
    ]);
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
    target: row.jobSpec
      ? { kind: 'job', spec: row.jobSpec as unknown as JobSpecRecord }
      : { kind: 'url', url: row.url ?? '' },
    sealedSecret: row.secretEncrypted,
    ...(row.previousSecretEncrypted !== null && row.previousSecretUntil !== null
      ? { previousSecret: { sealed: row.previousSecretEncrypted, until: row.previousSecretUntil } }
      : {}),
    sealedJobSecrets:
      row.jobSecretsEncrypted && Object.keys(row.jobSecretsEncrypted).length > 0
        ? row.jobSecretsEncrypted
        : NO_JOB_SECRETS,
  };
}

/*
 * The worker holds the matching keys of every webhook, so what most of them have alike is shared, frozen
 * so that no holder can change it under the others: the empty Job secrets of a URL webhook, and
 * each list of domains (there are three).
 */
const NO_JOB_SECRETS: Record<string, string> = Object.freeze({});
const DOMAIN_LISTS = new Map<string, WebhookDomain[]>();

/**
 * webhook-management stores the canonical list (never empty: the API refuses `[]`); an empty
 * list left by an older writer means "every domain", as the webhook.changed contract says.
 */
function domainsOf(stored: readonly string[]): WebhookDomain[] {
  const known = WEBHOOK_DOMAINS.filter((domain) => stored.includes(domain));
  const domains = known.length > 0 ? known : [...WEBHOOK_DOMAINS];
  const key = domains.join(',');
  let shared = DOMAIN_LISTS.get(key);
  if (!shared) DOMAIN_LISTS.set(key, (shared = Object.freeze(domains) as WebhookDomain[]));
  return shared;
}
