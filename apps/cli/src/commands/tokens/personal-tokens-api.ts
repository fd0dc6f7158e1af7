import type {
  CreatedPersonalToken,
  CreatePersonalTokenBody,
  PersonalTokenView,
} from '@gatehouse/settings-api';
import type { Fetch } from '../organizations/organization-api';

/**
 * `/api/settings/tokens` (docs/settings-api.md "Access tokens"). Errors come in the Hugging Face
 * shape (`{"error": message}`) and are thrown with the status and message.
 */
export class PersonalTokensApi {
  private readonly base: string;

  constructor(
    endpoint: string,
    private readonly token: string,
    private readonly fetchImpl: Fetch,
  ) {
    this.base = endpoint.replace(/\/+$/, '');
  }

  list(): Promise<PersonalTokenView[]> {
    return this.call('GET', '/api/settings/tokens');
  }

  create(body: CreatePersonalTokenBody): Promise<CreatedPersonalToken> {
    return this.call('POST', '/api/settings/tokens', body);
  }

  refresh(id: string): Promise<CreatedPersonalToken> {
    return this.call('POST', `/api/settings/tokens/${encodeURIComponent(id)}/refresh`);
  }

  async delete(id: string): Promise<void> {
    await this.call('DELETE', `/api/settings/tokens/${encodeURIComponent(id)}`);
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
