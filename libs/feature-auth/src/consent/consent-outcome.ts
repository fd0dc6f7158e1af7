import type { ConsentGrant, OAuthError } from '@gatehouse/domain';
import type { MembershipRecord } from '@gatehouse/identity';
import type { ConsentRequest } from './consent-request';
import type {
  ConsentContext,
  ConsentingUserRecord,
  TwoFactorStanding,
} from './ports/consent-context.reader';

/** The user who approved, and their memberships, as read when the answer was decided. */
export interface ConsentingAccount {
  user: Omit<ConsentingUserRecord, 'disabled' | 'emailConfirmed'>;
  memberships: MembershipRecord[];
  twoFactor: TwoFactorStanding;
}

export function consentingAccount(
  { disabled: _disabled, emailConfirmed: _emailConfirmed, ...user }: ConsentingUserRecord,
  { memberships, twoFactor }: Pick<ConsentContext, 'memberships' | 'twoFactor'>,
): ConsentingAccount {
  return { user, memberships, twoFactor };
}

/** Where the browser goes once the user decided. */
export type ConsentOutcome =
  { kind: 'redirect'; location: string } | { kind: 'page'; status: number; html: string };

/**
 * Finishes a flow once its consent is decided, for one `intent.kind` (see ConsentRequest).
 * `approved` gets what was granted (the requested scopes, the organizations chosen) and the
 * account that granted it, read fresh with the answer;
 * `refused` gets why not: access_denied for Deny or a required organization left out,
 * invalid_request for a tampered form.
 */
export interface ConsentOutcomeHandler {
  readonly intentKind: string;
  approved(
    request: ConsentRequest,
    grant: ConsentGrant,
    account: ConsentingAccount,
  ): Promise<ConsentOutcome>;
  refused(request: ConsentRequest, error: OAuthError): Promise<ConsentOutcome>;
}

/**
 * Multi-provider token: each module contributes its handlers with
 * `provideConsentOutcomeHandlers(MyHandler)`; ConsentOutcomeRegistry collects them at start-up.
 */
export const CONSENT_OUTCOME_HANDLERS = Symbol('gatehouse.consentOutcomeHandlers');
