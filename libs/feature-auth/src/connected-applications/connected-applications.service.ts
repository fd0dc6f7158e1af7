import { Inject, Injectable } from '@nestjs/common';
import { ApiError, type Clock } from '@gatehouse/domain';
import {
  AccountReader,
  actsAsUser,
  ClientLookup,
  type Principal,
  TokenRevoker,
  TransactionRunner,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type { ConnectedApplicationView } from '@gatehouse/settings-api';
import { ConsentWithdrawals } from '../consent/consent-withdrawals';
import { ConnectedApplicationStore } from './ports/connected-application.store';

/**
 * The apps holding a user's consent or live tokens, and revoking access: the consent, every refresh
 * token family and every access token of that app for that user end in one transaction, each with
 * a token.revoked event (reason `consent_withdrawn`). What lives only in flow state, codes not yet
 * exchanged and device codes already approved, is refused from then on (ConsentWithdrawals).
 */
@Injectable()
export class ConnectedApplicationsService {
  constructor(
    private readonly store: ConnectedApplicationStore,
    private readonly clients: ClientLookup,
    private readonly accounts: AccountReader,
    private readonly transactions: TransactionRunner,
    private readonly revoker: TokenRevoker,
    private readonly withdrawals: ConsentWithdrawals,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: Principal): Promise<ConnectedApplicationView[]> {
    const userId = ownerOf(principal);
    const [grants, memberships] = await Promise.all([
      this.store.grantsOf(userId, new Date(this.clock.now())),
      this.accounts.membershipsOf(userId),
    ]);
    const orgNames = new Map(
      memberships.map(({ organization }) => [organization.id, organization.name]),
    );
    return Promise.all(
      grants.map(async (grant) => {
        const app = await this.clients.findByClientId(grant.clientId);
        return {
          clientId: grant.clientId,
          name: app?.name ?? metadataDocumentHost(grant.clientId),
          logoUrl: app?.logoUri ?? null,
          homepageUrl: app?.homepageUrl ?? null,
          scopes: grant.scopes,
          organizations: grant.orgIds.flatMap((id) =>
            orgNames.has(id) ? [{ id, name: orgNames.get(id)! }] : [],
          ),
          grantedAt: grant.grantedAt.toISOString(),
          lastTokenIssuedAt: grant.lastTokenIssuedAt?.toISOString() ?? null,
        };
      }),
    );
  }

  /** 404 when the app holds nothing of this user's (another user's connection is not disclosed). */
  async revoke(principal: Principal, clientId: string): Promise<void> {
    const userId = ownerOf(principal);
    const held = await this.store.credentialsHeld(userId, clientId, new Date(this.clock.now()));
    if (!held.consent && held.refreshFamilyIds.length === 0 && held.accessTokenIds.length === 0) {
      throw ApiError.notFound('Connected application not found');
    }
    // First: once the tokens' revocation commits, no code issued before it may be exchanged.
    await this.withdrawals.withdraw(userId, clientId);
    await this.transactions.run(async (manager) => {
      await this.store.forgetConsent(manager, userId, clientId);
      for (const familyId of held.refreshFamilyIds)
        await this.revoker.revokeFamily(manager, familyId, 'consent_withdrawn');
      for (const id of held.accessTokenIds)
        await this.revoker.revokeAccessToken(manager, id, 'consent_withdrawn');
    });
  }
}

function ownerOf(principal: Principal): string {
  if (!actsAsUser(principal) || !principal.user) {
    throw ApiError.forbidden('Connected applications are managed with a personal access token');
  }
  return principal.user.id;
}

function metadataDocumentHost(clientId: string): string {
  return URL.canParse(clientId) ? new URL(clientId).host : clientId;
}
