import type { OAuthAppEntity } from '@gatehouse/persistence';
import type { OAuthAppRecord } from '../ports/oauth-app-record';

/** The record of an `oauth_apps` row: its columns, without the ORM's relations. */
export function oauthAppRecordOf(row: OAuthAppEntity): OAuthAppRecord {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    ownerUserId: row.ownerUserId,
    ownerOrgId: row.ownerOrgId,
    clientSecretHash: row.clientSecretHash,
    redirectUris: row.redirectUris,
    scopes: row.scopes,
    logoUri: row.logoUri,
    homepageUrl: row.homepageUrl,
    postLogoutRedirectUris: row.postLogoutRedirectUris,
    backchannelLogoutUri: row.backchannelLogoutUri,
    backchannelLogoutSessionRequired: row.backchannelLogoutSessionRequired,
    accessTokenTtlSeconds: row.accessTokenTtlSeconds,
    tokenExchange: row.tokenExchange,
    boundOrgId: row.boundOrgId,
    tokenExchangeTtlSeconds: row.tokenExchangeTtlSeconds,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
