import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClientLookup } from '../ports/client-lookup';
import type { OAuthAppRecord } from '../ports/oauth-app-record';

const APP_BY_CLIENT_ID = `SELECT id, client_id, name, owner_user_id, owner_org_id, client_secret_hash, redirect_uris, scopes,
  logo_uri, homepage_url, access_token_ttl_seconds, token_exchange, bound_org_id, token_exchange_ttl_seconds, created_at, updated_at
FROM oauth_apps
WHERE client_id = $1`;

interface OAuthAppRow {
  id: string;
  client_id: string;
  name: string;
  owner_user_id: string | null;
  owner_org_id: string | null;
  client_secret_hash: string | null;
  redirect_uris: string[];
  scopes: string[];
  logo_uri: string | null;
  homepage_url: string | null;
  access_token_ttl_seconds: number;
  token_exchange: boolean;
  bound_org_id: string | null;
  token_exchange_ttl_seconds: number | null;
  created_at: Date;
  updated_at: Date;
}

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
    const [row]: OAuthAppRow[] = await this.dataSource.query(APP_BY_CLIENT_ID, [clientId]);
    if (!row) return null;
    return {
      id: row.id,
      clientId: row.client_id,
      name: row.name,
      ownerUserId: row.owner_user_id,
      ownerOrgId: row.owner_org_id,
      clientSecretHash: row.client_secret_hash,
      redirectUris: row.redirect_uris,
      scopes: row.scopes,
      logoUri: row.logo_uri,
      homepageUrl: row.homepage_url,
      accessTokenTtlSeconds: row.access_token_ttl_seconds,
      tokenExchange: row.token_exchange,
      boundOrgId: row.bound_org_id,
      tokenExchangeTtlSeconds: row.token_exchange_ttl_seconds,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}
