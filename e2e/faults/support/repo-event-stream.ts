import type { RepoChangeEvent } from '@gatehouse/domain';
import { KafkaEventBus, repoChangedMessage, Topics } from '@gatehouse/messaging';
import { logLevel } from 'kafkajs';

export interface StreamOptions {
  brokers: string;
  /** Distinct per scenario: event ids, and the repositories its webhook watches. */
  label: string;
  events: number;
  perSecond: number;
  /** Repositories the events are spread over (keys, so partitions). */
  repos: number;
}

export interface StreamResult {
  /** Event commit id (shaOfEvent) → when the broker acknowledged it (epoch ms). */
  publishedAt: Map<string, number>;
  /** Publish calls that failed and were tried again (the broker was away). */
  publishRetries: number;
}

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};

/** The repositories a scenario's events are about: what its webhook watches. */
export function streamRepos(label: string, repos: number): string[] {
  return Array.from({ length: repos }, (_, index) => `acme/${label}-${index}`);
}

/** The commit id an event carries (`updatedRefs[0].newSha`): its number, so the receiver can tell events apart. */
export function shaOfEvent(index: number): string {
  return index.toString(16).padStart(40, '0');
}

function eventOf(label: string, index: number, repos: number): RepoChangeEvent {
  const repo = index % repos;
  const id = `${label}-${index}`;
  return {
    id,
    time: new Date().toISOString(),
    event: { action: 'update', scope: 'repo.content' },
    repo: {
      type: 'model',
      name: `acme/${label}-${repo}`,
      id: `66f${Buffer.from(label).toString('hex').slice(0, 12).padEnd(12, '0')}${String(repo).padStart(9, '0')}`,
      private: false,
      owner: { id: '66f000000000000000000001', name: 'acme' },
    },
    updatedRefs: [{ ref: 'refs/heads/main', oldSha: null, newSha: shaOfEvent(index) }],
  };
}

/**
 * Publishes a bounded stream of repo change events to `gatehouse.repo-events.v1` as the repo
 * services do (docs/events.md: keyed by repository id, acks=all, idempotent producer), at a
 * steady rate. A publish that fails (the broker is away) is tried again until it succeeds, in
 * order, and the stream then catches up: nothing the stream produced is dropped by it.
 */
export class RepoEventStream {
  readonly publishedAt = new Map<string, number>();
  private retries = 0;
  private stopped = false;
  private readonly bus: KafkaEventBus;
  readonly done: Promise<StreamResult>;

  constructor(private readonly options: StreamOptions) {
    this.bus = new KafkaEventBus({
      brokers: options.brokers.split(','),
      clientId: `faults-repo-service-${options.label}`,
      logger: quiet,
      kafkaLogLevel: logLevel.NOTHING,
    });
    this.done = this.run();
  }

  private async run(): Promise<StreamResult> {
    const { events, perSecond, label, repos } = this.options;
    const started = Date.now();
    try {
      for (let index = 0; index < events && !this.stopped; index += 1) {
        const due = started + (index * 1000) / perSecond;
        // eslint-disable-next-line no-restricted-syntax -- the stream's rate, not a wait for a condition
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        const event = eventOf(label, index, repos);
        for (;;) {
          try {
            await this.bus.publish(Topics.repoEvents, [repoChangedMessage(event)]);
            break;
          } catch {
            this.retries += 1;
            // eslint-disable-next-line no-restricted-syntax -- a producer's back-off before it tries again
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
        this.publishedAt.set(shaOfEvent(index), Date.now());
      }
    } finally {
      await this.bus.close();
    }
    return { publishedAt: this.publishedAt, publishRetries: this.retries };
  }

  /** Ends the stream before its count: for a scenario that lasts as long as its fault. */
  stop(): void {
    this.stopped = true;
  }
}
