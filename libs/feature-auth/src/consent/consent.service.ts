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
import { RandomSource } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { CONSENT_PATH, ConsentPageView } from '../pages/consent.page';
import { consentingAccount, ConsentOutcome } from './consent-outcome';
import { ConsentOutcomeRegistry } from './consent-outcome-registry';
import { ConsentRequest } from './consent-request';
import { PendingConsents } from './pending-consents';
import { ConsentContext, ConsentContextReader } from './ports/consent-context.reader';
import { RememberedConsents } from './ports/remembered-consents';

/**
 * `granted`: a remembered consent covers the request, no page. `ask`: send the browser to
 * `location`. `must_ask`: the page is needed but the app asked for none (`prompt=none`).
 * `unconfirmed`: the user has not confirmed their e-mail address, so no app may be authorized.
 */
export type ConsentStart =
  | { kind: 'granted'; grant: ConsentGrant }
  | { kind: 'ask'; location: string }
  | { kind: 'must_ask' }
  | { kind: 'unconfirmed' };

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

const DENIED = 'The user denied the request';
const ACCOUNT_UNUSABLE = 'The account is disabled or no longer exists';
export const EMAIL_UNCONFIRMED = "The account's e-mail address is not confirmed";

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
    private readonly contexts: ConsentContextReader,
    private readonly outcomes: ConsentOutcomeRegistry,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * A skipped page grants the requested scopes and the organizations granted before that the
   * user still belongs to. When the app requires an organization the user is not a member of,
   * the page is shown anyway, offering only Deny: bouncing straight back with an error would
   * tell the app, without the user doing anything, which organizations the user is not in.
   * `known` is what the caller read already (the authorization endpoint reads it with the app);
   * the page is parked with what it shows of it, so showing it reads nothing.
   */
  async begin(
    request: ConsentRequest,
    prompt: ConsentPrompt = {},
    known?: ConsentContext,
  ): Promise<ConsentStart> {
    const context = known ?? (await this.contexts.read(request.client.clientId, request.userId));
    const { memberships, remembered } = context;
    if (context.user && !context.user.emailConfirmed) return { kind: 'unconfirmed' };
    const memberOrgIds = memberships.map(({ organization }) => organization.id);
    const grantable = canGrantRequiredOrgs(memberOrgIds, request.requiredOrgIds);
    const existing = !grantable || prompt.alwaysAsk ? null : remembered;
    if (
      existing &&
      consentCovers(existing, { scopes: request.scopes, orgIds: request.requiredOrgIds })
    ) {
      return {
        kind: 'granted',
        grant: {
          scopes: [...request.scopes],
          orgIds: memberOrgIds.filter((id) => existing.orgIds.includes(id)),
        },
      };
    }
    if (prompt.neverAsk) return { kind: 'must_ask' };
    const consentId = this.random.token('');
    await this.pending.put(consentId, { ...request, shown: shownOf(context) });
    return { kind: 'ask', location: `${CONSENT_PATH}?consent_id=${encodeURIComponent(consentId)}` };
  }

  /** The page for a pending consent of this user, or null when it expired or is someone else's. */
  async view(
    consentId: string,
    userId: string,
    csrfToken: string,
  ): Promise<ConsentPageView | null> {
    const request = await this.pending.get(consentId);
    if (!request || request.userId !== userId) return null;
    const shown =
      request.shown ?? shownOf(await this.contexts.read(request.client.clientId, userId));
    const memberOrgIds = shown.organizations.map(({ id }) => id);
    return {
      csrfToken,
      consentId,
      requiresUnavailableOrganization: !canGrantRequiredOrgs(memberOrgIds, request.requiredOrgIds),
      username: shown.username,
      app: {
        name: request.client.name,
        clientIdHost: request.client.clientIdHost,
        loopbackOnly: request.client.loopbackOnly,
      },
      scopes: request.scopes.map((name) => ({
        name,
        description: isKnownScope(name) ? describeScope(name) : name,
        fixed: FIXED_CONSENT_SCOPES.includes(name),
      })),
      organizations: shown.organizations.map((organization) => {
        const required = request.requiredOrgIds.includes(organization.id);
        return {
          ...organization,
          required,
          checked: required || shown.rememberedOrgIds.includes(organization.id),
        };
      }),
    };
  }

  /**
   * Decides a pending consent once (null when it expired, was decided already, or is someone
   * else's). The user, their organizations and the consent given before are read again, fresh:
   * the page may have waited minutes, and what is granted must hold now.
   */
  async decide(
    consentId: string,
    userId: string,
    decision: ConsentDecision,
  ): Promise<ConsentOutcome | null> {
    const parked = await this.pending.get(consentId);
    if (!parked || parked.userId !== userId) return null;
    const request = await this.pending.take(consentId);
    if (!request) return null;
    const handler = this.outcomes.get(request.intent.kind);
    const denied = new AccessDenied(DENIED);
    if (decision.decision === 'deny') return handler.refused(request, denied);

    const context = await this.contexts.read(request.client.clientId, userId);
    const { user, memberships, remembered } = context;
    if (!user || user.disabled) return handler.refused(request, new AccessDenied(ACCOUNT_UNUSABLE));
    if (!user.emailConfirmed) return handler.refused(request, new AccessDenied(EMAIL_UNCONFIRMED));
    const memberOrgIds = memberships.map(({ organization }) => organization.id);
    // Not grantable (the page offered only Deny): answered exactly like a denial.
    if (!canGrantRequiredOrgs(memberOrgIds, request.requiredOrgIds))
      return handler.refused(request, denied);
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
    // Scopes accumulate across consents; the organizations are the user's latest choice, so
    // unticking one on the page withdraws it from later sign-ins too.
    const scopes = [...new Set([...(remembered?.scopes ?? []), ...grant.scopes])];
    await this.remembered.save(
      userId,
      request.client.clientId,
      { scopes, orgIds: grant.orgIds },
      new Date(this.clock.now()),
    );
    return handler.approved(request, grant, consentingAccount(user, context));
  }
}

function shownOf({
  user,
  memberships,
  remembered,
}: ConsentContext): NonNullable<ConsentRequest['shown']> {
  return {
    username: user?.username ?? '',
    organizations: memberships.map(({ organization: { id, name, fullname } }) => ({
      id,
      name,
      fullname,
    })),
    rememberedOrgIds: [...(remembered?.orgIds ?? [])],
  };
}
