import { Inject, Injectable } from '@nestjs/common';
import { ApiError, type CheckedWebhookUrl, refusedWebhookTarget } from '@gatehouse/domain';
import { addressRefusal } from '@gatehouse/platform';
import { HostResolver } from './ports/host-resolver';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../webhooks-module-options';

/**
 * The network half of the webhook URL check (the syntax half is `validateWebhookUrlSyntax`):
 * the host is resolved and refused if ANY of its addresses is private or special-use, judged by
 * the outbound guard's rule (`addressRefusal`), so the owner hears at once about an address the
 * delivery worker would never dial. Loopback passes only with GATEHOUSE_ALLOW_LOOPBACK_TARGETS.
 * Every refusal, a name without addresses included, is the one `refusedWebhookTarget` answer; a
 * resolver failure is a 503 to retry. The worker's guarded agent judges again at connect time:
 * answers change (DNS rebinding).
 */
@Injectable()
export class WebhookUrlChecker {
  constructor(
    private readonly resolver: HostResolver,
    @Inject(WEBHOOKS_SETTINGS) private readonly settings: WebhooksSettings,
  ) {}

  async assertPublic(checked: CheckedWebhookUrl, field = 'url'): Promise<void> {
    if (checked.hostIsIpLiteral) return;
    let resolution;
    try {
      resolution = await this.resolver.resolve(checked.host);
    } catch (error) {
      throw new ApiError(
        'unavailable',
        `${field}: the host ${checked.host} could not be resolved right now; try again`,
        {
          field,
          detail: (error as Error).message,
        },
      );
    }
    // A name that does not resolve is answered like one that resolves somewhere refused: told
    // apart, the two would show which internal names exist. Which it was is for the log.
    if (resolution.kind === 'not_found' || resolution.addresses.length === 0) {
      throw refusedWebhookTarget(field, `${checked.host} does not resolve`);
    }
    for (const address of resolution.addresses) {
      const refusal = addressRefusal(address, {
        allowLoopback: this.settings.allowLoopbackTargets,
      });
      if (refusal)
        throw refusedWebhookTarget(
          field,
          `${checked.host} resolves to ${address}: ${refusal.reason}`,
        );
    }
  }
}
