import { Inject, Injectable } from '@nestjs/common';
import {
  AccessDenied,
  checkRequestedOrgs,
  Clock,
  ConsentGrant,
  consentCovers,
  describeScope,
  isKnownScope,
  OAuthError,
  selectGrantedOrgs,
} from '@gatehouse/domain';
import { AccountReader, RandomSource } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { CONSENT_PATH, ConsentPageView } from '../pages/consent.page';
import { ConsentOutcome } from './consent-outcome';
import { ConsentOutcomeRegistry } from './consent-outcome-registry';
import { ConsentRequest } from './consent-request';
import { PendingConsents } from './pending-consents';
import { RememberedConsents } from './remembered-consents';

/** `granted`: a remembered consent covers the request, no page. `ask`: send the browser to `location`. */
export type ConsentStart = { kind: 'granted'; grant: ConsentGrant } | { kind: 'ask'; location: string };

export interface ConsentDecision {
  decision: 'authorize' | 'deny';
  /** The organization checkboxes ticked (and the required ones' hidden fields). */
  orgIds: string[];
}

/**
 * The consent step shared by the authorization-code and device flows (issue 3 item 4): skip it
 * when a remembered consent covers the request, otherwise park the request, show the page, and
 * hand the user's answer to the flow's ConsentOutcomeHandler.
 */
@Injectable()
export class ConsentService {
  constructor(
    private readonly pending: PendingConsents,
    private readonly remembered: RememberedConsents,
    private readonly accounts: AccountReader,
    private readonly outcomes: ConsentOutcomeRegistry,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Throws AccessDenied when the app requires an organization the user is not a member of. A
   * skipped page grants the requested scopes and the organizations granted before that the
   * user still belongs to.
   */
  async begin(request: ConsentRequest): Promise<ConsentStart> {
    const memberOrgIds = await this.memberOrgIds(request.userId);
    checkRequestedOrgs(memberOrgIds, request.requiredOrgIds);
    const existing = await this.remembered.find(request.userId, request.client.clientId);
    if (existing && consentCovers(existing, { scopes: request.scopes, orgIds: request.requiredOrgIds })) {
      return { kind: 'granted', grant: { scopes: [...request.scopes], orgIds: memberOrgIds.filter((id) => existing.orgIds.includes(id)) } };
    }
    const consentId = this.random.token('');
    await this.pending.put(consentId, request);
    return { kind: 'ask', location: `${CONSENT_PATH}?consent_id=${encodeURIComponent(consentId)}` };
  }

  /** The page for a pending consent of this user, or null when it expired or is someone else's. */
  async view(consentId: string, userId: string, csrfToken: string): Promise<ConsentPageView | null> {
    const request = await this.pending.get(consentId);
    if (!request || request.userId !== userId) return null;
    const [user, memberships, existing] = await Promise.all([
      this.accounts.findUser(userId),
      this.accounts.membershipsOf(userId),
      this.remembered.find(userId, request.client.clientId),
    ]);
    return {
      csrfToken,
      consentId,
      username: user?.username ?? '',
      app: { name: request.client.name, clientIdHost: request.client.clientIdHost, loopbackOnly: request.client.loopbackOnly },
      scopes: request.scopes.map((name) => ({ name, description: isKnownScope(name) ? describeScope(name) : name })),
      organizations: memberships.map(({ organization }) => {
        const required = request.requiredOrgIds.includes(organization.id);
        return {
          id: organization.id,
          name: organization.name,
          fullname: organization.fullname,
          required,
          checked: required || (existing?.orgIds.includes(organization.id) ?? false),
        };
      }),
    };
  }

  /** Decides a pending consent once (null when it expired, was decided already, or is someone else's). */
  async decide(consentId: string, userId: string, decision: ConsentDecision): Promise<ConsentOutcome | null> {
    const parked = await this.pending.get(consentId);
    if (!parked || parked.userId !== userId) return null;
    const request = await this.pending.take(consentId);
    if (!request) return null;
    const handler = this.outcomes.get(request.intent.kind);
    if (decision.decision === 'deny') return handler.refused(request, new AccessDenied('The user denied the request'));

    let grant: ConsentGrant;
    try {
      const orgIds = selectGrantedOrgs({
        memberOrgIds: await this.memberOrgIds(userId),
        requiredOrgIds: request.requiredOrgIds,
        selectedOrgIds: decision.orgIds,
      });
      grant = { scopes: [...request.scopes], orgIds };
    } catch (error) {
      if (error instanceof OAuthError) return handler.refused(request, error);
      throw error;
    }
    await this.remember(userId, request.client.clientId, grant);
    return handler.approved(request, grant);
  }

  /**
   * Scopes accumulate across consents; the organizations are the user's latest choice, so
   * unticking one on the page withdraws it from later sign-ins too.
   */
  private async remember(userId: string, clientId: string, grant: ConsentGrant): Promise<void> {
    const existing = await this.remembered.find(userId, clientId);
    const scopes = [...new Set([...(existing?.scopes ?? []), ...grant.scopes])];
    await this.remembered.save(userId, clientId, { scopes, orgIds: grant.orgIds }, new Date(this.clock.now()));
  }

  private async memberOrgIds(userId: string): Promise<string[]> {
    return (await this.accounts.membershipsOf(userId)).map((membership) => membership.organization.id);
  }
}
