import type { AuditLogPage, TokenExchangeAppView } from '@gatehouse/settings-api';
import { type Fetch, SettingsApiClient } from '../settings-api-client';

/**
 * The organization routes of the token-exchange service (`/api/organizations/{name}/...`). Errors
 * come in the Hugging Face shape (`{"error": message}`) and are thrown with the status and message.
 */
export class OrganizationApi {
  private readonly client: SettingsApiClient;

  constructor(endpoint: string, token: string, fetchImpl: Fetch = fetch) {
    this.client = new SettingsApiClient(endpoint, token, fetchImpl);
  }

  async listTokenExchangeApps(org: string): Promise<TokenExchangeAppView[]> {
    return (
      await this.client.call<{ apps: TokenExchangeAppView[] }>(
        'GET',
        `${orgPath(org)}/settings/token-exchange-apps`,
      )
    ).apps;
  }

  async setTokenDuration(
    org: string,
    clientId: string,
    seconds: number,
  ): Promise<TokenExchangeAppView> {
    const path = `${orgPath(org)}/settings/token-exchange-apps/${encodeURIComponent(clientId)}`;
    return (
      await this.client.call<{ app: TokenExchangeAppView }>('PUT', path, {
        tokenDurationSeconds: seconds,
      })
    ).app;
  }

  refreshClientSecret(
    org: string,
    clientId: string,
  ): Promise<{ clientId: string; clientSecret: string }> {
    return this.client.call(
      'POST',
      `${orgPath(org)}/settings/token-exchange-apps/${encodeURIComponent(clientId)}/secret`,
    );
  }

  auditLog(
    org: string,
    query: { action?: string; cursor?: string; limit?: number },
  ): Promise<AuditLogPage> {
    const search = new URLSearchParams();
    if (query.action) search.set('action', query.action);
    if (query.cursor) search.set('cursor', query.cursor);
    if (query.limit !== undefined) search.set('limit', String(query.limit));
    const suffix = search.size > 0 ? `?${search}` : '';
    return this.client.call('GET', `${orgPath(org)}/audit-log${suffix}`);
  }
}

function orgPath(org: string): string {
  return `/api/organizations/${encodeURIComponent(org)}`;
}
