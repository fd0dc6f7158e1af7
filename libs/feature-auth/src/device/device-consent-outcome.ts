import { Inject, Injectable } from '@nestjs/common';
import type { Clock, ConsentGrant, OAuthError } from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import { ConsentOutcome, ConsentOutcomeHandler } from '../consent/consent-outcome';
import { ConsentRequest } from '../consent/consent-request';
import { DeviceDecision } from './device-authorization-record';
import { DeviceAuthorizations } from './device-authorizations';
import { DEVICE_INTENT, deviceIntentSchema } from './device-intent';
import { deviceApprovedPage, deviceDeniedPage, deviceExpiredPage } from './device-result.page';

/**
 * After the consent page of a device authorization: records the answer for the polling device
 * (first answer wins) and tells the user what happens next. Any refusal (Deny, a tampered form)
 * is recorded as denied, so the device stops polling with access_denied.
 */
@Injectable()
export class DeviceConsentOutcome implements ConsentOutcomeHandler {
  readonly intentKind = DEVICE_INTENT;

  constructor(
    private readonly authorizations: DeviceAuthorizations,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async approved(request: ConsentRequest, grant: ConsentGrant): Promise<ConsentOutcome> {
    const intent = deviceIntentSchema.parse(request.intent.payload);
    const recorded = await this.record(intent.deviceCodeHash, {
      status: 'approved',
      userId: request.userId,
      scopes: [...grant.scopes],
      orgIds: [...grant.orgIds],
      authTime: intent.authTime,
      decidedAt: this.clock.now(),
    });
    if (!recorded) return { kind: 'page', status: 400, html: deviceExpiredPage() };
    return { kind: 'page', status: 200, html: deviceApprovedPage(request.client.name) };
  }

  async refused(request: ConsentRequest, _error: OAuthError): Promise<ConsentOutcome> {
    const intent = deviceIntentSchema.parse(request.intent.payload);
    if (!(await this.record(intent.deviceCodeHash, { status: 'denied' })))
      return { kind: 'page', status: 400, html: deviceExpiredPage() };
    return { kind: 'page', status: 200, html: deviceDeniedPage(request.client.name) };
  }

  private async record(deviceCodeHash: string, decision: DeviceDecision): Promise<boolean> {
    const authorization = await this.authorizations.find(deviceCodeHash);
    const nowMs = this.clock.now();
    if (!authorization || authorization.expiresAt <= nowMs) return false;
    return this.authorizations.decide(deviceCodeHash, authorization, decision, nowMs);
  }
}
