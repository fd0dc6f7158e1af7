import { Injectable } from '@nestjs/common';
import {
  allRedirectUrisLoopback,
  AuthorizingClient,
  isClientIdMetadataUrl,
  SCOPES_SUPPORTED,
} from '@gatehouse/domain';
import { ClientLookup } from '@gatehouse/identity';
import { ClientMetadataResolver } from '../cimd/client-metadata-resolver';
import { ConsentClient } from '../consent/consent-request';
import type { AuthorizingAppRecord } from '../consent/ports/consent-context.reader';

/** The app of an authorization request: what validation needs, and what the consent page shows. */
export interface ResolvedClient {
  authorizing: AuthorizingClient;
  display: ConsentClient;
}

/** What the authorization request says about how to find its app. */
export interface ClientResolution {
  /** Whether the request carries a `scope` (see the metadata-document case). */
  scopeRequested: boolean;
  /** The registered app as the caller already read it (null: none), so it is not read again. */
  registered?: AuthorizingAppRecord | null;
  /** The rate-limit key of the caller's address: a metadata-document fetch spends its budget. */
  requester: string;
}

/**
 * Finds the app a `client_id` names: a registered app, or, for an http(s) URL, the app its
 * metadata document describes (fetched; failures throw InvalidClient). Null: no such app.
 */
@Injectable()
export class AuthorizingClientResolver {
  constructor(
    private readonly registered: ClientLookup,
    private readonly metadata: ClientMetadataResolver,
  ) {}

  async resolve(
    clientId: string,
    { scopeRequested, registered, requester }: ClientResolution,
  ): Promise<ResolvedClient | null> {
    if (isClientIdMetadataUrl(clientId)) {
      const document = await this.metadata.resolve(clientId, requester);
      return {
        // Decision: a document names no scopes, so its app may ask for any scope of docs/oauth.md "Scopes" (the
        // user sees each on the consent page) and gets the openid/profile baseline when it asks
        // for none; an empty list gives exactly that default.
        authorizing: {
          clientId,
          redirectUris: document.redirectUris,
          scopes: scopeRequested ? [...SCOPES_SUPPORTED] : [],
          requiresPkce: true,
          anyLoopbackPort: true,
        },
        display: {
          clientId,
          name: document.clientName,
          clientIdHost: document.hostname,
          loopbackOnly: allRedirectUrisLoopback(document.redirectUris),
        },
      };
    }
    const app = registered !== undefined ? registered : await this.lookUp(clientId);
    if (!app) return null;
    return {
      authorizing: {
        clientId,
        redirectUris: app.redirectUris,
        scopes: app.scopes,
        requiresPkce: !app.hasSecret,
        anyLoopbackPort: !app.hasSecret,
      },
      display: { clientId, name: app.name, clientIdHost: null, loopbackOnly: false },
    };
  }

  private async lookUp(clientId: string): Promise<AuthorizingAppRecord | null> {
    const app = await this.registered.findByClientId(clientId);
    return (
      app && {
        clientId: app.clientId,
        name: app.name,
        redirectUris: app.redirectUris,
        scopes: app.scopes,
        hasSecret: app.clientSecretHash !== null,
      }
    );
  }
}
