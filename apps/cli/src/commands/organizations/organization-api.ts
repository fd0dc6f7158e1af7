import type { AuditLogPage, TokenExchangeAppView } from '@gatehouse/settings-api';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The organization routes of the token-exchange service (`/api/organizations/{name}/...`). Errors
 * come in the Hugging Face shape (`{"error": message}`) and are thrown with the status and message.
 */
export class OrganizationApi {
  private readonly base: string;

  constructor(
    endpoint: string,
    private readonly token: string,
    private readonly fetchImpl: Fetch = fetch,
  ) {
    this.base = endpoint.replace(/\/+$/, '');
  }

  async listTokenExchangeApps(org: string): Promise<TokenExchangeAppView[]> {
    return (
      await this.call<{ apps: TokenExchangeAppView[] }>(
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
      await this.call<{ app: TokenExchangeAppView }>('PUT', path, { tokenDurationSeconds: seconds })
    ).app;
  }

  refreshClientSecret(
    org: string,
    clientId: string,
  ): Promise<{ clientId: string; clientSecret: string }> {
    return this.call(
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
    return this.call('GET', `${orgPath(org)}/audit-log${suffix}`);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.fetchImpl(`${this.base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        Accept: 'application/json',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const message = (json as { error?: unknown } | undefined)?.error;
      throw new Error(
        `${response.status} ${typeof message === 'string' ? message : response.statusText || 'request failed'}`,
      );
    }
    return json as T;
  }
}

function orgPath(org: string): string {
  return `/api/organizations/${encodeURIComponent(org)}`;
}
