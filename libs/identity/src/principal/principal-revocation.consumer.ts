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
  decodeEvent,
  type EventBus,
  headerEventType,
  type IncomingMessage,
  type Subscription,
  TOKEN_EVENTS,
  tokenRevokedEvent,
  Topics,
} from '@gatehouse/messaging';
import { EVENT_BUS, LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { IDENTITY_OPTIONS, IdentityOptions } from '../identity-options';
import { PrincipalInvalidator } from './principal-invalidator';

/** Default group, one for every service: the cache is shared, so one consumer per event is enough. */
const PRINCIPAL_REVOCATION_GROUP = ConsumerGroups.principalCache;

const RETRY_MS = 5_000;

/**
 * Marks a revoked access token's cached principal stale when its token.revoked event arrives,
 * whoever revoked it (docs/architecture.md "Principal cache"). The revoking process already did so
 * before committing; this covers a process that stopped between the two, and keeps the rule true
 * for revocations written by other means. Joining the group never holds up the start: without the
 * broker the process serves requests and tries again every few seconds.
 */
@Injectable()
export class PrincipalRevocationConsumer
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  private subscription: Subscription | null = null;
  private stopped = false;
  private starting: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly groupId: string;

  constructor(
    private readonly invalidator: PrincipalInvalidator,
    @Inject(IDENTITY_OPTIONS) options: Pick<IdentityOptions, 'principalRevocationGroupId'>,
    @Optional() @Inject(EVENT_BUS) private readonly bus?: EventBus,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {
    this.groupId = options.principalRevocationGroupId ?? PRINCIPAL_REVOCATION_GROUP;
  }

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

  /**
   * Handles one message of Topics.tokenEvents (exposed for tests). Every issuance puts a
   * token.issued on the same topic; those are passed over by their header, unread.
   */
  async handle(message: IncomingMessage): Promise<void> {
    const type = headerEventType(message);
    if (type !== undefined && type !== tokenRevokedEvent.type) return;
    const event = decodeEvent(message, TOKEN_EVENTS);
    if (event.type !== 'token.revoked' || event.data.kind !== 'access') return;
    await this.invalidator.accessTokenRevoked(event.data.tokenId);
  }

  private async start(bus: EventBus): Promise<void> {
    while (!this.stopped) {
      try {
        await bus.ensureTopics([
          { topic: Topics.tokenEvents },
          { topic: deadLetterTopic(Topics.tokenEvents) },
        ]);
        const subscription = await bus.subscribe({
          topics: [Topics.tokenEvents],
          groupId: this.groupId,
          handler: (message) => this.handle(message),
        });
        if (this.stopped) await subscription.close();
        else this.subscription = subscription;
        return;
      } catch (error) {
        if (this.stopped) return;
        this.logger?.warn(
          { err: { message: (error as Error).message } },
          'principal cache: cannot follow token events yet; trying again',
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
