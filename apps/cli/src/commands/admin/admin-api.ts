import type {
  AdminMemberView,
  AdminOrganizationView,
  AdminOrgRole,
  AdminUsersPage,
  AdminUserView,
  CreateAdminOrganizationBody,
  CreateAdminUserBody,
  EndedSessionsView,
  ResetFactorsView,
} from '@gatehouse/settings-api';
import { UsageError } from '../../usage.error';
import { ApiCallError, type Fetch, SettingsApiClient } from '../settings-api-client';

const part = encodeURIComponent;

/**
 * `/api/admin/users` and `/api/admin/organizations` (docs/admin-api.md). The API's 400 is input
 * the CLI passed on as given, so it is thrown as a usage error (exit status 2).
 */
export class AdminApi {
  private readonly client: SettingsApiClient;

  constructor(endpoint: string, token: string, fetchImpl: Fetch) {
    this.client = new SettingsApiClient(endpoint, token, fetchImpl);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    try {
      return await this.client.call<T>(method, path, body);
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 400)
        throw new UsageError(error.message);
      throw error;
    }
  }

  createUser(body: CreateAdminUserBody): Promise<AdminUserView> {
    return this.call('POST', '/api/admin/users', body);
  }

  listUsers(query: { search?: string; after?: string; limit?: number }): Promise<AdminUsersPage> {
    const params = new URLSearchParams();
    if (query.search !== undefined) params.set('search', query.search);
    if (query.after !== undefined) params.set('after', query.after);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const search = params.toString();
    return this.call('GET', `/api/admin/users${search ? `?${search}` : ''}`);
  }

  user(user: string): Promise<AdminUserView> {
    return this.call('GET', `/api/admin/users/${part(user)}`);
  }

  setDisabled(user: string, disabled: boolean): Promise<AdminUserView> {
    return this.call('POST', `/api/admin/users/${part(user)}/${disabled ? 'disable' : 'enable'}`);
  }

  setEmailConfirmed(user: string, confirmed: boolean): Promise<AdminUserView> {
    return this.call('PUT', `/api/admin/users/${part(user)}/email-confirmed`, { confirmed });
  }

  endSessions(user: string): Promise<EndedSessionsView> {
    return this.call('POST', `/api/admin/users/${part(user)}/sessions/end`);
  }

  resetFactors(user: string): Promise<ResetFactorsView> {
    return this.call('POST', `/api/admin/users/${part(user)}/factors/reset`);
  }

  async deleteUser(user: string): Promise<void> {
    await this.call('DELETE', `/api/admin/users/${part(user)}`);
  }

  createOrganization(body: CreateAdminOrganizationBody): Promise<AdminOrganizationView> {
    return this.call('POST', '/api/admin/organizations', body);
  }

  members(org: string): Promise<AdminMemberView[]> {
    return this.call('GET', `/api/admin/organizations/${part(org)}/members`);
  }

  addMember(org: string, username: string, role: AdminOrgRole): Promise<AdminMemberView[]> {
    return this.call('POST', `/api/admin/organizations/${part(org)}/members`, { username, role });
  }

  setRole(org: string, user: string, role: AdminOrgRole): Promise<AdminMemberView[]> {
    return this.call('PATCH', `/api/admin/organizations/${part(org)}/members/${part(user)}`, {
      role,
    });
  }

  async removeMember(org: string, user: string): Promise<void> {
    await this.call('DELETE', `/api/admin/organizations/${part(org)}/members/${part(user)}`);
  }
}
