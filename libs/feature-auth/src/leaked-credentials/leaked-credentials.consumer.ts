import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import {
  ConsumerGroups,
  deadLetterTopic,
  type EventBus,
  headerEventType,
  type IncomingMessage,
  leakedCredentialsReportedEvent,
  type Subscription,
  Topics,
} from '@gatehouse/messaging';
import { EVENT_BUS, LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { RevokeLeakedCredentials } from './revoke-leaked-credentials.use-case';

const RETRY_MS = 5_000;

/**
 * Takes the leak reports `POST /api/credentials/revoke` queued (Topics.leakedCredentials, group
 * `gatehouse.leaked-credentials`, shared by every `auth` process) and revokes their tokens. The
 * position moves on once the revocations committed; a report seen twice changes nothing the
 * second time. Joining the group never holds up the start: without the broker the process
 * serves requests, the reports wait in the outbox and Kafka, and it tries again every few seconds.
 */
@Injectable()
export class LeakedCredentialsConsumer
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  private subscription: Subscription | null = null;
  private stopped = false;
  private starting: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly revoke: RevokeLeakedCredentials,
    @Optional() @Inject(EVENT_BUS) private readonly bus?: EventBus,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.bus) this.starting = this.start(this.bus);
  }

  /** Resolves once the group is joined (at once without an event bus, or after stopping). */
  async whenFollowing(): Promise<void> {
    await this.starting;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.starting;
    await this.subscription?.close();
    this.subscription = null;
  }

  /** Handles one message of Topics.leakedCredentials (exposed for tests). */
  async handle(message: IncomingMessage): Promise<void> {
    const type = headerEventType(message);
    if (type !== undefined && type !== leakedCredentialsReportedEvent.type) return;
    const { data } = leakedCredentialsReportedEvent.decode(message);
    const revoked = await this.revoke.execute({
      reportId: data.reportId,
      tokenHashes: data.tokenHashes,
      checksummed: data.checksummed,
      reportedAt: new Date(data.reportedAt),
    });
    // The report's id and counts only: never a token nor its hash.
    this.logger?.info(
      {
        reportId: data.reportId,
        candidates: data.tokenHashes.length,
        checksummed: data.checksummed,
        revoked,
      },
      'leaked credentials: report handled',
    );
  }

  private async start(bus: EventBus): Promise<void> {
    while (!this.stopped) {
      try {
        await bus.ensureTopics([
          { topic: Topics.leakedCredentials },
          { topic: deadLetterTopic(Topics.leakedCredentials) },
        ]);
        const subscription = await bus.subscribe({
          topics: [Topics.leakedCredentials],
          groupId: ConsumerGroups.leakedCredentials,
          // A report queued before this group first joined is still owed its revocations.
          fromBeginning: true,
          handler: (message) => this.handle(message),
        });
        if (this.stopped) await subscription.close();
        else this.subscription = subscription;
        return;
      } catch (error) {
        if (this.stopped) return;
        this.logger?.warn(
          { err: { message: (error as Error).message } },
          'leaked credentials: cannot follow reports yet; trying again',
        );
        await new Promise<void>((resume) => {
          const timer = setTimeout(resume, RETRY_MS);
          timer.unref();
          this.wake = () => {
            clearTimeout(timer);
            resume();
          };
        });
      }
    }
  }
}
