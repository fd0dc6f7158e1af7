import { Inject, Injectable } from '@nestjs/common';
import { Clock, formatUserCode } from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import { ConsentService } from '../consent/consent.service';
import { PendingConsents } from '../consent/pending-consents';
import { DeviceAuthorizations } from './device-authorizations';
import { DeviceConsentPageView } from './device-consent.page';
import { DEVICE_INTENT, deviceIntentSchema } from './device-intent';

/** What the device consent page shows for a pending consent of this user (null: expired, answered, or not theirs). */
@Injectable()
export class DeviceConsentView {
  constructor(
    private readonly consents: ConsentService,
    private readonly pending: PendingConsents,
    private readonly authorizations: DeviceAuthorizations,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async load(
    consentId: string,
    userId: string,
    csrfToken: string,
  ): Promise<DeviceConsentPageView | null> {
    const request = await this.pending.get(consentId);
    if (!request || request.userId !== userId || request.intent.kind !== DEVICE_INTENT) return null;
    const intent = deviceIntentSchema.safeParse(request.intent.payload);
    if (!intent.success) return null;
    const authorization = await this.authorizations.find(intent.data.deviceCodeHash);
    const nowMs = this.clock.now();
    if (!authorization || authorization.expiresAt <= nowMs) return null;
    const consent = await this.consents.view(consentId, userId, csrfToken);
    if (!consent) return null;
    return {
      consent,
      userCode: formatUserCode(authorization.userCode),
      requestedMinutesAgo: Math.floor((nowMs - authorization.createdAt) / 60_000),
    };
  }
}
