import type {
  CreatedPersonalToken,
  CreatePersonalTokenBody,
  PersonalTokenView,
} from '@gatehouse/settings-api';
import { type Fetch, SettingsApiClient } from '../settings-api-client';

/**
 * `/api/settings/tokens` (docs/settings-api.md "Access tokens"). Errors come in the Hugging Face
 * shape (`{"error": message}`) and are thrown with the status and message.
 */
export class PersonalTokensApi {
  private readonly client: SettingsApiClient;

  constructor(endpoint: string, token: string, fetchImpl: Fetch) {
    this.client = new SettingsApiClient(endpoint, token, fetchImpl);
  }

  list(): Promise<PersonalTokenView[]> {
    return this.client.call('GET', '/api/settings/tokens');
  }

  create(body: CreatePersonalTokenBody): Promise<CreatedPersonalToken> {
    return this.client.call('POST', '/api/settings/tokens', body);
  }

  refresh(id: string): Promise<CreatedPersonalToken> {
    return this.client.call('POST', `/api/settings/tokens/${encodeURIComponent(id)}/refresh`);
  }

  async delete(id: string): Promise<void> {
    await this.client.call('DELETE', `/api/settings/tokens/${encodeURIComponent(id)}`);
  }
}
