import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  ApiError,
  Clock,
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  validateTokenDuration,
} from '@gatehouse/domain';
import {
  appChangedMessage,
  ClientLookup,
  OutboxWriter,
  Principal,
  RandomSource,
  TransactionRunner,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { AUDIT_ACTIONS } from '../audit/audit-entry';
import { AuditRecorder } from '../audit/audit-recorder';
import {
  DirectoryOrganization,
  OrganizationDirectory,
  TokenExchangeAppRecord,
} from '../organizations/ports/organization-directory';
import { OrganizationAdminGate } from './organization-admin-gate';
import type { TokenExchangeAppView } from '@gatehouse/settings-api';
import { tokenExchangeAppView } from './token-exchange-app-view';

export interface RefreshedClientSecret {
  clientId: string;
  /** Shown once: only its hash is kept. */
  clientSecret: string;
}

/**
 * Organization settings of token exchange (docs/settings-api.md "Organization token exchange"): administrators list the
 * organization's token-exchange apps, set each one's token duration (5 minutes to 30 days) and
 * refresh its client secret. Each change is audited in the transaction that makes it, and told as
 * `oauth_app.changed` through the outbox, so every process's client cache reads the app again (this
 * one at once, once committed).
 */
@Injectable()
export class OrganizationSettingsService {
  constructor(
    private readonly gate: OrganizationAdminGate,
    private readonly directory: OrganizationDirectory,
    private readonly audit: AuditRecorder,
    private readonly transactions: TransactionRunner,
    private readonly random: RandomSource,
    private readonly outbox: OutboxWriter,
    private readonly clients: ClientLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async listApps(principal: Principal, orgName: string): Promise<TokenExchangeAppView[]> {
    const org = await this.gate.admit(principal, orgName, 'read');
    return (await this.directory.tokenExchangeApps(org.id)).map(tokenExchangeAppView);
  }

  async setTokenDuration(
    principal: Principal,
    orgName: string,
    clientId: string,
    seconds: unknown,
  ): Promise<TokenExchangeAppView> {
    const org = await this.gate.admit(principal, orgName, 'write');
    const app = await this.appOf(org, clientId);
    const duration = validateTokenDuration(seconds, 'tokenDurationSeconds');
    const previous = app.tokenExchangeTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
    const updated = await this.transactions.run(async (tx) => {
      const at = new Date(this.clock.now());
      const changed = await this.directory.updateApp(tx, app.id, {
        tokenExchangeTtlSeconds: duration,
        updatedAt: at,
      });
      await this.outbox.append(tx, appChangedMessage(app.clientId, 'updated', at));
      await this.audit.record(tx, {
        orgId: org.id,
        action: AUDIT_ACTIONS.tokenDurationChanged,
        outcome: 'success',
        clientId: app.clientId,
        actorUserId: principal.user?.id ?? null,
        subject: app.clientId,
        detail: { previousSeconds: previous, tokenDurationSeconds: duration },
      });
      return changed;
    });
    this.clients.forget(app.clientId);
    return tokenExchangeAppView(updated);
  }

  async refreshClientSecret(
    principal: Principal,
    orgName: string,
    clientId: string,
  ): Promise<RefreshedClientSecret> {
    const org = await this.gate.admit(principal, orgName, 'write');
    const app = await this.appOf(org, clientId);
    const clientSecret = this.random.token('');
    await this.transactions.run(async (tx) => {
      const at = new Date(this.clock.now());
      await this.directory.updateApp(tx, app.id, {
        clientSecretHash: hashToken(clientSecret),
        updatedAt: at,
      });
      await this.outbox.append(tx, appChangedMessage(app.clientId, 'updated', at));
      await this.audit.record(tx, {
        orgId: org.id,
        action: AUDIT_ACTIONS.clientSecretRefreshed,
        outcome: 'success',
        clientId: app.clientId,
        actorUserId: principal.user?.id ?? null,
        subject: app.clientId,
        detail: { hadClientSecret: app.clientSecretHash !== null },
      });
    });
    this.clients.forget(app.clientId);
    return { clientId: app.clientId, clientSecret };
  }

  /** Only the organization's own token-exchange apps: another organization's app is not found here. */
  private async appOf(
    org: DirectoryOrganization,
    clientId: string,
  ): Promise<TokenExchangeAppRecord> {
    const app = (await this.directory.tokenExchangeApps(org.id)).find(
      (candidate) => candidate.clientId === clientId,
    );
    if (!app)
      throw ApiError.notFound(`No token-exchange app ${clientId} in organization ${org.name}`);
    return app;
  }
}
