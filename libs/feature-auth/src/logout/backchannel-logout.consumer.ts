import { Controller, Inject, Optional } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { buildLogoutTokenClaims, type Clock } from '@gatehouse/domain';
import type { FlowStore } from '@gatehouse/flow-state';
import { RandomSource, SigningKeys } from '@gatehouse/identity';
import {
  type AccountSignedOutData,
  accountSignedOutEvent,
  ConsumerGroups,
  headerEventType,
  type IncomingMessage,
  Topics,
} from '@gatehouse/messaging';
import { CLOCK, type EventConsumerOptions, FLOW_STORE, LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { AUTHORIZE_OPTIONS, type AuthorizeOptions } from '../authorize/authorize-options';
import {
  type BackchannelLogoutApp,
  BackchannelLogoutAppReader,
} from './ports/backchannel-logout-app.reader';
import { LogoutTokenSender } from './ports/logout-token-sender';

/** How long a logout token sent is remembered, so the event read again sends it to nobody twice. */
const SENT_TTL_MS = 7 * 24 * 3_600_000;

/**
 * OpenID Connect Back-Channel Logout 1.0 (docs/oauth.md "Logout"): for each `account.signed_out`
 * (Topics.accountEvents, group `gatehouse.backchannel-logout`), a logout token signed with our
 * keys is POSTed to every app the user granted that registered a back-channel logout URI. One
 * token per ended session (`sub` and `sid`); when every session ended, one with `sub` alone to
 * each app that does not require `sid`. Each token sent is marked in flow state, so a retry
 * (the bus tries again when any app failed) sends only what is missing.
 */
@Controller()
export class BackchannelLogoutConsumer {
  constructor(
    private readonly apps: BackchannelLogoutAppReader,
    private readonly sender: LogoutTokenSender,
    private readonly keys: SigningKeys,
    private readonly random: RandomSource,
    @Inject(FLOW_STORE) private readonly flow: FlowStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUTHORIZE_OPTIONS) private readonly options: AuthorizeOptions,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  // From the beginning: a sign-out written before this group first joined still reaches its apps;
  // a logout token already delivered is not sent again.
  @EventPattern(Topics.accountEvents, {
    group: ConsumerGroups.backchannelLogout,
    fromBeginning: true,
  } satisfies EventConsumerOptions)
  async handle(@Payload() message: IncomingMessage): Promise<void> {
    if (headerEventType(message) !== accountSignedOutEvent.type) return;
    const { data } = accountSignedOutEvent.decode(message);
    const failures: string[] = [];
    for (const app of await this.apps.appsOf(data.userId))
      for (const sid of sessionsToTell(app, data)) {
        const sentKey = `backchannel-logout:sent:${data.eventId}:${app.clientId}:${sid ?? '*'}`;
        if ((await this.flow.get(sentKey)) !== null) continue;
        try {
          await this.sender.send(app.backchannelLogoutUri, await this.logoutToken(app, data, sid));
          await this.flow.put(sentKey, '1', SENT_TTL_MS);
        } catch (error) {
          failures.push(app.clientId);
          this.logger?.warn(
            { clientId: app.clientId, err: error },
            'back-channel logout not delivered',
          );
        }
      }
    if (failures.length > 0)
      throw new Error(`Back-channel logout not delivered to ${[...new Set(failures)].join(', ')}`);
  }

  private logoutToken(
    app: BackchannelLogoutApp,
    data: AccountSignedOutData,
    sessionId: string | null,
  ): Promise<string> {
    const now = this.clock.now();
    return this.keys.signLogoutToken(
      buildLogoutTokenClaims({
        issuer: this.options.issuer,
        clientId: app.clientId,
        userId: data.userId,
        sessionId,
        tokenId: this.random.id(now),
        nowMs: now,
      }),
    );
  }
}

/** The `sid` of each token the app gets for this sign-out; null: a token naming the user alone. */
function sessionsToTell(
  app: BackchannelLogoutApp,
  data: AccountSignedOutData,
): Array<string | null> {
  if (data.everySession && !app.sessionRequired) return [null];
  return data.sessionIds;
}
