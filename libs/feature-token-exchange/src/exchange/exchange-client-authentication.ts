import { hashToken, timingSafeEqualString } from '@gatehouse/crypto';
import { InvalidClient, parseBasicAuthorization, presentedClient } from '@gatehouse/domain';
import type { OAuthAppEntity } from '@gatehouse/persistence';

/** What client authentication learned, even when it failed: the organization to audit the attempt in. */
export interface ExchangeAttempt {
  clientId: string | null;
  orgId: string | null;
}

/**
 * docs/oauth.md "Token exchange": token exchange needs `Authorization: Basic` of an app that has a secret.
 * Missing or wrong credentials are invalid_client. `attempt` is filled in as soon as the app is
 * known, so a refused attempt on an organization's app lands in that organization's audit log.
 */
export async function authenticateExchangeClient(
  authorization: string | undefined,
  params: Record<string, string>,
  findApp: (clientId: string) => Promise<OAuthAppEntity | null>,
  attempt: ExchangeAttempt,
): Promise<OAuthAppEntity> {
  const basic = parseBasicAuthorization(authorization);
  if (!basic)
    throw new InvalidClient('Token exchange requires client authentication with HTTP Basic');
  presentedClient({
    basic,
    bodyClientId: params.client_id,
    bodyClientSecret: params.client_secret,
  });
  const app = await findApp(basic.clientId);
  if (!app)
    throw new InvalidClient('Invalid client credentials', `unknown client_id ${basic.clientId}`);
  attempt.clientId = app.clientId;
  attempt.orgId = app.boundOrgId;
  const secretMatches =
    app.clientSecretHash !== null &&
    timingSafeEqualString(hashToken(basic.clientSecret), app.clientSecretHash);
  if (!secretMatches)
    throw new InvalidClient(
      'Invalid client credentials',
      `wrong client secret for ${app.clientId}`,
    );
  return app;
}
