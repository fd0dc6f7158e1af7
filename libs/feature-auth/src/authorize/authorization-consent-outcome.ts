import { Inject, Injectable } from '@nestjs/common';
import type { Clock, ConsentGrant, OAuthError } from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import {
  ConsentingAccount,
  ConsentOutcome,
  ConsentOutcomeHandler,
} from '../consent/consent-outcome';
import { ConsentRequest } from '../consent/consent-request';
import { AUTHORIZATION_INTENT, authorizationIntentSchema } from './authorization-intent';
import { AuthorizationResponder } from './authorization-responder';

/** After the consent page of an authorization request: back to the app with a code or an error. */
@Injectable()
export class AuthorizationConsentOutcome implements ConsentOutcomeHandler {
  readonly intentKind = AUTHORIZATION_INTENT;

  constructor(
    private readonly responder: AuthorizationResponder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async approved(
    request: ConsentRequest,
    grant: ConsentGrant,
    account: ConsentingAccount,
  ): Promise<ConsentOutcome> {
    const intent = authorizationIntentSchema.parse(request.intent.payload);
    const location = await this.responder.success({
      clientId: request.client.clientId,
      userId: request.userId,
      intent,
      grant,
      nowMs: this.clock.now(),
      account,
    });
    return { kind: 'redirect', location };
  }

  async refused(request: ConsentRequest, error: OAuthError): Promise<ConsentOutcome> {
    const intent = authorizationIntentSchema.parse(request.intent.payload);
    return {
      kind: 'redirect',
      location: this.responder.failure(intent.redirectUri, intent.state, error),
    };
  }
}
