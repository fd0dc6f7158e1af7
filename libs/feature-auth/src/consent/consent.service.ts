import { Inject, Injectable } from '@nestjs/common';
import {
  AccessDenied,
  canGrantRequiredOrgs,
  chooseGrantedScopes,
  FIXED_CONSENT_SCOPES,
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
import { RememberedConsents } from './ports/remembered-consents';

/**
 * `granted`: a remembered consent covers the request, no page. `ask`: send the browser to
 * `location`. `must_ask`: the page is needed but the app asked for none (`prompt=none`).
 */
export type ConsentStart = { kind: 'granted'; grant: ConsentGrant } | { kind: 'ask'; location: string } | { kind: 'must_ask' };

/** OIDC `prompt`: `alwaysAsk` (consent) shows the page even when remembered; `neverAsk` (none) shows none. */
export interface ConsentPrompt {
  alwaysAsk?: boolean;
  neverAsk?: boolean;
}

export interface ConsentDecision {
  decision: 'authorize' | 'deny';
  /** The organization checkboxes ticked (and the required ones' hidden fields). */
  orgIds: string[];
  /** The optional scopes left ticked; undefined when the form offered no choice. */
  scopes?: string[];
}

/** The user's organizations and remembered consent for the app, when the caller read them already. */
export interface KnownConsentFacts {
  memberOrgIds: string[];
  remembered: ConsentGrant | null;
}

const DENIED = 'The user denied the request';

/**
 * The consent step shared by the authorization-code and device flows (docs/oauth.md "Consent"): skip it
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
   * A skipped page grants the requested scopes and the organizations granted before that the
   * user still belongs to. When the app requires an organization the user is not a member of,
   * the page is shown anyway, offering only Deny: bouncing straight back with an error would
   * tell the app, without the user doing anything, which organizations the user is not in.
   */
  async begin(request: ConsentRequest, prompt: ConsentPrompt = {}, known?: KnownConsentFacts): Promise<ConsentStart> {
    const memberOrgIds = known ? known.memberOrgIds : await this.memberOrgIds(request.userId);
    const grantable = canGrantRequiredOrgs(memberOrgIds, request.requiredOrgIds);
    const existing = !grantable || prompt.alwaysAsk ? null : known ? known.remembered : await this.remembered.find(request.userId, request.client.clientId);
    if (existing && consentCovers(existing, { scopes: request.scopes, orgIds: request.requiredOrgIds })) {
      return { kind: 'granted', grant: { scopes: [...request.scopes], orgIds: memberOrgIds.filter((id) => existing.orgIds.includes(id)) } };
    }
    if (prompt.neverAsk) return { kind: 'must_ask' };
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
    const memberOrgIds = memberships.map(({ organization }) => organization.id);
    return {
      csrfToken,
      consentId,
      requiresUnavailableOrganization: !canGrantRequiredOrgs(memberOrgIds, request.requiredOrgIds),
      username: user?.username ?? '',
      app: { name: request.client.name, clientIdHost: request.client.clientIdHost, loopbackOnly: request.client.loopbackOnly },
      scopes: request.scopes.map((name) => ({
        name,
        description: isKnownScope(name) ? describeScope(name) : name,
        fixed: FIXED_CONSENT_SCOPES.includes(name),
      })),
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
    const denied = new AccessDenied(DENIED);
    if (decision.decision === 'deny') return handler.refused(request, denied);

    const memberOrgIds = await this.memberOrgIds(userId);
    // Not grantable (the page offered only Deny): answered exactly like a denial.
    if (!canGrantRequiredOrgs(memberOrgIds, request.requiredOrgIds)) return handler.refused(request, denied);
    let grant: ConsentGrant;
    try {
      const orgIds = selectGrantedOrgs({
        memberOrgIds,
        requiredOrgIds: request.requiredOrgIds,
        selectedOrgIds: decision.orgIds,
      });
      grant = { scopes: chooseGrantedScopes(request.scopes, decision.scopes), orgIds };
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
