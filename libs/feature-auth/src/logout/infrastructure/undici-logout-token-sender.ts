import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { guardedAgent, outboundRequest } from '@gatehouse/platform';
import type { Dispatcher } from 'undici';
import { CIMD_OPTIONS, type CimdOptions } from '../../cimd/cimd-options';
import { LogoutTokenSender } from '../ports/logout-token-sender';

/** The whole exchange with one app; a slow app is tried again later, never waited for long. */
const SEND_TIMEOUT_MS = 5_000;

/**
 * Through the outbound guard (public addresses only; loopback with
 * GATEHOUSE_ALLOW_LOOPBACK_TARGETS): the URI is the app owner's to choose. No redirect followed,
 * the answer's body never read.
 */
@Injectable()
export class UndiciLogoutTokenSender extends LogoutTokenSender implements OnModuleDestroy {
  private readonly agent: Dispatcher;

  constructor(@Inject(CIMD_OPTIONS) options: CimdOptions) {
    super();
    this.agent = guardedAgent({
      allowLoopback: options.allowLoopbackTargets,
      connectTimeoutMs: SEND_TIMEOUT_MS,
    });
  }

  async send(uri: string, logoutToken: string): Promise<void> {
    const response = await outboundRequest(uri, {
      method: 'POST',
      dispatcher: this.agent,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Gatehouse',
      },
      body: new URLSearchParams({ logout_token: logoutToken }).toString(),
    });
    await response.body.dump().catch(() => undefined);
    if (response.statusCode < 200 || response.statusCode >= 300)
      throw new Error(`The back-channel logout URI answered HTTP ${response.statusCode}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.agent.close();
  }
}
