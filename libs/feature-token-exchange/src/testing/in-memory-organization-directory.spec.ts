import { ImmediateTransactionRunner } from '@gatehouse/identity/testing';
import type { OAuthAppEntity } from '@gatehouse/persistence';
import { describeOrganizationDirectoryContract } from '../organizations/ports/organization-directory.contract';
import { InMemoryOrganizationDirectory } from './in-memory-organization-directory';

describeOrganizationDirectoryContract('InMemoryOrganizationDirectory', async () => {
  const apps: OAuthAppEntity[] = [];
  const directory = new InMemoryOrganizationDirectory(apps);
  return {
    directory,
    transactions: new ImmediateTransactionRunner(),
    addOrganization: async ({ id, name, plan }) => void directory.addOrganization(id, name, plan),
    addUser: async ({ id, username, ...fields }) => void directory.addUser(id, username, fields),
    addMembership: async (orgId, userId, role) => directory.addMembership(orgId, userId, role),
    addApp: async (app) => {
      apps.push({
        ...app,
        ownerUserId: null,
        ownerOrgId: app.boundOrgId,
        redirectUris: [],
        logoUri: null,
        homepageUrl: null,
        postLogoutRedirectUris: [],
        backchannelLogoutUri: null,
        backchannelLogoutSessionRequired: false,
        accessTokenTtlSeconds: 28_800,
        createdAt: app.updatedAt,
      });
    },
  };
});
