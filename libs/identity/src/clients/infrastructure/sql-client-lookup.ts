import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClientLookup } from '../ports/client-lookup';
import type { OAuthAppRecord } from '../ports/oauth-app-record';

/** Every column of the record, named as the record names it, so a row is the record. */
const APP_BY_CLIENT_ID = `SELECT id, client_id AS "clientId", name, owner_user_id AS "ownerUserId", owner_org_id AS "ownerOrgId",
  client_secret_hash AS "clientSecretHash", redirect_uris AS "redirectUris", scopes, logo_uri AS "logoUri",
  homepage_url AS "homepageUrl", post_logout_redirect_uris AS "postLogoutRedirectUris",
  backchannel_logout_uri AS "backchannelLogoutUri",
  backchannel_logout_session_required AS "backchannelLogoutSessionRequired", access_token_ttl_seconds AS "accessTokenTtlSeconds", token_exchange AS "tokenExchange",
  bound_org_id AS "boundOrgId", token_exchange_ttl_seconds AS "tokenExchangeTtlSeconds", created_at AS "createdAt",
  updated_at AS "updatedAt"
FROM oauth_apps
WHERE client_id = $1`;

/**
 * ClientLookup in plain SQL. Every token request authenticates its client with this read, and
 * the query builder and entity hydration of `findOneBy` cost more CPU than the lookup itself.
 */
@Injectable()
export class SqlClientLookup extends ClientLookup {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findByClientId(clientId: string): Promise<OAuthAppRecord | null> {
    const [app]: OAuthAppRecord[] = await this.dataSource.query(APP_BY_CLIENT_ID, [clientId]);
    return app ?? null;
  }
}
