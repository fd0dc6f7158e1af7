import { aWebhookSettings } from '@gatehouse/domain/testing';
import { webhookSecretContext } from '@gatehouse/domain';
import { SecretBox } from '@gatehouse/crypto';
import type { IncomingMessage, OutgoingMessage } from '@gatehouse/messaging';
import {
  HttpDeliveryRequest,
  HttpDeliveryResult,
  HttpDeliverySender,
} from '../http/ports/http-delivery-sender';
import type { JobTokenRequest, MintedJobToken } from '@gatehouse/domain';
import { JobLauncher, JobLaunchRequest, LaunchedJob } from '../jobs/ports/job-launcher';
import { JobTokenMinter } from '../jobs/ports/job-token-minter';
import { WebhookDisabler } from '../pipeline/ports/webhook-disabler';
import { MembershipSource } from '../subscriptions/ports/membership-source';
import { WebhookDirectory } from '../subscriptions/ports/webhook-directory';
import {
  recordOf,
  type WebhookSnapshot,
  type WebhookSubscriptionRecord,
} from '../subscriptions/ports/webhook-snapshot';

const TEST_KEY = Buffer.alloc(32, 7).toString('base64');
export const testBox = SecretBox.fromBase64Key(TEST_KEY);

export const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};

export const OWNER = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const ORG = 'bbbbbbbbbbbbbbbbbbbbbbbb';

let counter = 0;
/** A 24-hex id unique within the test run. */
function hexId(prefix = 'c'): string {
  counter += 1;
  return (prefix + counter.toString(16)).padStart(24, '0').slice(-24);
}

export function urlWebhook(
  overrides: Partial<Omit<WebhookSnapshot, 'previousSecret'>> & {
    url?: string;
    secret?: string | null;
    /** The secret a rotation replaced, sent until `until`. */
    previousSecret?: { secret: string; until: Date };
  } = {},
): WebhookSnapshot {
  const id = overrides.id ?? hexId('d');
  const {
    url = 'https://receiver.example/hook',
    secret = null,
    previousSecret,
    ...rest
  } = overrides;
  return {
    id,
    ownerId: OWNER,
    ...aWebhookSettings({
      watched: [{ type: 'model', name: 'openai-community/gpt2' }],
      domains: ['repo', 'discussion'],
    }),
    disabled: false,
    revision: 1,
    target: { kind: 'url', url },
    sealedSecret: secret === null ? null : testBox.encrypt(secret, webhookSecretContext(id)),
    ...(previousSecret
      ? {
          previousSecret: {
            sealed: testBox.encrypt(previousSecret.secret, webhookSecretContext(id)),
            until: previousSecret.until,
          },
        }
      : {}),
    sealedJobSecrets: {},
    ...rest,
  };
}

export class FakeWebhookDirectory extends WebhookDirectory {
  readonly rows = new Map<string, WebhookSnapshot>();
  /** When each row was last written (the table's `updated_at`); `put` stamps `time`. */
  readonly changedAt = new Map<string, number>();
  time = Date.UTC(2026, 0, 1);
  reads = 0;
  changeReads: Date[] = [];
  /** When set, `revisionsChangedSince` waits for it (a slow query). */
  gate?: Promise<void>;

  put(webhook: WebhookSnapshot): WebhookSnapshot {
    this.rows.set(webhook.id, webhook);
    this.changedAt.set(webhook.id, this.time);
    return webhook;
  }

  async revisionsChangedSince(since: Date): Promise<Array<{ id: string; revision: number }>> {
    this.changeReads.push(since);
    await this.gate;
    return [...this.rows.values()]
      .filter((row) => this.changedAt.get(row.id)! > since.getTime())
      .map((row) => ({ id: row.id, revision: row.revision }));
  }

  async *loadPages(): AsyncIterable<readonly WebhookSubscriptionRecord[]> {
    yield [...this.rows.values()].map(recordOf);
  }

  /** Ids asked for by each `load` (one statement each). */
  readonly loads: string[][] = [];

  async load(webhookIds: readonly string[]): Promise<WebhookSnapshot[]> {
    this.reads += 1;
    this.loads.push([...webhookIds]);
    return webhookIds.flatMap((id) => this.rows.get(id) ?? []);
  }
}

export class FakeMembershipSource extends MembershipSource {
  memberships = new Map<string, Set<string>>();
  failNext = false;

  async organizationsOfWebhookOwners(): Promise<Map<string, Set<string>>> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database down');
    }
    return new Map([...this.memberships].map(([user, orgs]) => [user, new Set(orgs)]));
  }
}

/** Answers each POST with the next scripted result (the last one repeats). */
export class ScriptedHttpSender extends HttpDeliverySender {
  readonly requests: HttpDeliveryRequest[] = [];

  constructor(
    private readonly script: HttpDeliveryResult[] = [
      { kind: 'response', status: 204, retryAfter: null, excerpt: null },
    ],
  ) {
    super();
  }

  async post(request: HttpDeliveryRequest): Promise<HttpDeliveryResult> {
    this.requests.push(request);
    return this.script.length > 1 ? this.script.shift()! : this.script[0]!;
  }

  async close(): Promise<void> {}
}

export class RecordingJobLauncher extends JobLauncher {
  readonly name = 'recording';
  readonly launches: JobLaunchRequest[] = [];

  constructor(
    private readonly outcome: (request: JobLaunchRequest) => Promise<LaunchedJob> = async () => ({
      launcher: 'recording',
      externalId: 'run-1',
    }),
  ) {
    super();
  }

  async launch(request: JobLaunchRequest): Promise<LaunchedJob> {
    this.launches.push(request);
    return this.outcome(request);
  }
}

/** Mints `hf_job_token_<n>` (or what `outcome` answers) and keeps every request. */
export class RecordingJobTokenMinter extends JobTokenMinter {
  readonly requests: JobTokenRequest[] = [];

  constructor(
    private readonly outcome: (request: JobTokenRequest) => Promise<MintedJobToken> = async (
      request,
    ) => ({
      token: `hf_job_token_${this.requests.length}`,
      expiresAt: new Date(Date.UTC(2026, 0, 1, 12) + request.ttlSeconds * 1000).toISOString(),
    }),
  ) {
    super();
  }

  async mint(request: JobTokenRequest): Promise<MintedJobToken> {
    this.requests.push(request);
    return this.outcome(request);
  }
}

export class FakeWebhookDisabler extends WebhookDisabler {
  readonly disabled: Array<{ webhookId: string; reason: string }> = [];

  constructor(private readonly directory: FakeWebhookDirectory) {
    super();
  }

  async disable(webhookId: string, reason: string): Promise<WebhookSnapshot | null> {
    const row = this.directory.rows.get(webhookId);
    if (!row || row.disabled) return null;
    const updated = { ...row, disabled: true, revision: row.revision + 1 };
    this.directory.rows.set(webhookId, updated);
    this.disabled.push({ webhookId, reason });
    return updated;
  }
}

/** An outgoing message as the bus would hand it to a consumer. */
export function incoming(
  message: OutgoingMessage,
  topic = 'gatehouse.repo-events.v1',
  partition = 0,
  offset = '0',
  timestamp = Date.UTC(2026, 0, 1),
): IncomingMessage {
  return {
    topic,
    partition,
    offset,
    key: message.key,
    value: message.value,
    headers: message.headers ?? {},
    timestamp,
  };
}
