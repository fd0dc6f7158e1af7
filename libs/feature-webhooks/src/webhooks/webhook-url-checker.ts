import { Inject, Injectable } from '@nestjs/common';
import { ApiError, type CheckedWebhookUrl } from '@gatehouse/domain';
import { addressRefusal } from '@gatehouse/platform';
import { HostResolver } from './ports/host-resolver';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../webhooks-module-options';

/**
 * The network half of the webhook URL check (the syntax half is `validateWebhookUrlSyntax`):
 * the host is resolved and refused if ANY of its addresses is private or special-use, judged by
 * the outbound guard's rule (`addressRefusal`), so the owner hears at once about an address the
 * delivery worker would never dial. Loopback passes only with GATEHOUSE_ALLOW_LOOPBACK_TARGETS.
 * The worker's guarded agent judges again at connect time: answers change (DNS rebinding).
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
      throw new ApiError('unavailable', `${field}: the host ${checked.host} could not be resolved right now; try again`, {
        field,
        detail: (error as Error).message,
      });
    }
    if (resolution.kind === 'not_found' || resolution.addresses.length === 0) {
      throw ApiError.badRequest(`${field}: the host ${checked.host} does not resolve to any address`, field);
    }
    for (const address of resolution.addresses) {
      const refusal = addressRefusal(address, { allowLoopback: this.settings.allowLoopbackTargets });
      if (refusal) {
        // One answer for every refused range, so the check cannot map internal DNS; the range is for the log.
        throw new ApiError('bad_request', `${field}: must not target a private or special-use address`, {
          field,
          detail: `${checked.host} resolves to ${address}: ${refusal.reason}`,
        });
      }
    }
  }
}
