import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { ApiError, Clock, DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from '@gatehouse/domain';
import { type OAuthAppRecord, Principal, RandomSource } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { CreateAppInput, UpdateAppInput } from './app-input';
import { AppManager, AppManagers } from './app-managers';
import { OAuthAppStore } from './ports/oauth-app.store';
import type { OAuthAppView } from '@gatehouse/settings-api';
import { oauthAppView } from './oauth-app-view';

/** An app with its client secret, which is shown this once and never again (only its hash is kept). */
export interface AppWithSecret {
  app: OAuthAppView;
  clientSecret: string;
}

/**
 * The OAuth app settings (docs/settings-api.md "OAuth apps"): a user, or an organization's admin,
 * creates, lists, changes and deletes apps, and creates, refreshes or deletes the client secret.
 * An app the caller may not manage answers 404 as if it did not exist.
 */
@Injectable()
export class OAuthAppsService {
  constructor(
    private readonly store: OAuthAppStore,
    private readonly managers: AppManagers,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: Principal): Promise<OAuthAppView[]> {
    const manager = await this.managers.of(principal);
    const apps = await this.store.listOwned({
      userId: manager.userId,
      orgIds: manager.adminOrgs.map((org) => org.id),
    });
    return apps.map((app) => oauthAppView(app, this.managers.ownerFor(manager, app)!));
  }

  async get(principal: Principal, clientId: string): Promise<OAuthAppView> {
    const { manager, app } = await this.managed(principal, clientId);
    return this.view(manager, app);
  }

  async create(
    principal: Principal,
    input: CreateAppInput,
  ): Promise<{ app: OAuthAppView; clientSecret?: string }> {
    const manager = await this.managers.of(principal);
    const owner = this.ownerOf(manager, input.owner);
    const now = new Date(this.clock.now());
    const clientSecret = input.public ? null : this.newSecret();
    const app: OAuthAppRecord = {
      id: this.random.id(now.getTime()),
      clientId: randomUUID(),
      name: input.name,
      ownerUserId: owner.type === 'user' ? manager.userId : null,
      ownerOrgId: owner.type === 'org' ? owner.id : null,
      clientSecretHash: clientSecret === null ? null : hashToken(clientSecret),
      redirectUris: [...new Set(input.redirectUris)],
      scopes: [...new Set(input.scopes)],
      logoUri: input.logoUri ?? null,
      homepageUrl: input.homepageUrl ?? null,
      postLogoutRedirectUris: [...new Set(input.postLogoutRedirectUris)],
      backchannelLogoutUri: input.backchannelLogoutUri ?? null,
      backchannelLogoutSessionRequired: input.backchannelLogoutSessionRequired,
      accessTokenTtlSeconds: input.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
      tokenExchange: false,
      boundOrgId: null,
      tokenExchangeTtlSeconds: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.store.insert(app);
    const view = this.view(manager, app);
    return clientSecret === null ? { app: view } : { app: view, clientSecret };
  }

  async update(
    principal: Principal,
    clientId: string,
    patch: UpdateAppInput,
  ): Promise<OAuthAppView> {
    const { manager, app } = await this.managed(principal, clientId);
    const updated: OAuthAppRecord = {
      ...app,
      name: patch.name ?? app.name,
      redirectUris: patch.redirectUris ? [...new Set(patch.redirectUris)] : app.redirectUris,
      scopes: patch.scopes ? [...new Set(patch.scopes)] : app.scopes,
      logoUri: patch.logoUri !== undefined ? patch.logoUri : app.logoUri,
      homepageUrl: patch.homepageUrl !== undefined ? patch.homepageUrl : app.homepageUrl,
      postLogoutRedirectUris: patch.postLogoutRedirectUris
        ? [...new Set(patch.postLogoutRedirectUris)]
        : app.postLogoutRedirectUris,
      backchannelLogoutUri:
        patch.backchannelLogoutUri !== undefined
          ? patch.backchannelLogoutUri
          : app.backchannelLogoutUri,
      backchannelLogoutSessionRequired:
        patch.backchannelLogoutSessionRequired ?? app.backchannelLogoutSessionRequired,
      accessTokenTtlSeconds: patch.accessTokenTtlSeconds ?? app.accessTokenTtlSeconds,
      updatedAt: new Date(this.clock.now()),
    };
    await this.store.update(updated);
    return this.view(manager, updated);
  }

  async remove(principal: Principal, clientId: string): Promise<void> {
    const { app } = await this.managed(principal, clientId);
    await this.store.delete(app);
  }

  /** Creates the secret of a public app, or replaces the current one (the old one stops working at once). */
  async newClientSecret(principal: Principal, clientId: string): Promise<AppWithSecret> {
    const { manager, app } = await this.managed(principal, clientId);
    const clientSecret = this.newSecret();
    const updated = {
      ...app,
      clientSecretHash: hashToken(clientSecret),
      updatedAt: new Date(this.clock.now()),
    };
    await this.store.update(updated);
    return { app: this.view(manager, updated), clientSecret };
  }

  /** Deletes the secret: the app becomes public and must use PKCE (docs/oauth.md "Client authentication"). */
  async deleteClientSecret(principal: Principal, clientId: string): Promise<OAuthAppView> {
    const { manager, app } = await this.managed(principal, clientId);
    const updated = { ...app, clientSecretHash: null, updatedAt: new Date(this.clock.now()) };
    await this.store.update(updated);
    return this.view(manager, updated);
  }

  private async managed(
    principal: Principal,
    clientId: string,
  ): Promise<{ manager: AppManager; app: OAuthAppRecord }> {
    const manager = await this.managers.of(principal);
    const app = await this.store.findByClientId(clientId);
    if (!app || this.managers.ownerFor(manager, app) === null)
      throw ApiError.notFound('OAuth app not found');
    return { manager, app };
  }

  private ownerOf(
    manager: AppManager,
    orgName: string | undefined,
  ): { type: 'user' } | { type: 'org'; id: string } {
    if (orgName === undefined || orgName.toLowerCase() === manager.username.toLowerCase())
      return { type: 'user' };
    const org = manager.adminOrgs.find(
      (candidate) => candidate.name.toLowerCase() === orgName.toLowerCase(),
    );
    if (!org)
      throw new ApiError('forbidden', `You are not an admin of the organization ${orgName}`, {
        field: 'owner',
      });
    return { type: 'org', id: org.id };
  }

  private view(manager: AppManager, app: OAuthAppRecord): OAuthAppView {
    return oauthAppView(app, this.managers.ownerFor(manager, app)!);
  }

  private newSecret(): string {
    return this.random.token('');
  }
}
