import type { InMemoryAccounts, InMemoryClientLookup } from '@gatehouse/identity/testing';
import type { RememberedConsents } from '../consent/ports/remembered-consents';
import { ConsentContext, ConsentContextReader } from '../consent/ports/consent-context.reader';

/** Test double of ConsentContextReader over the identity kit's accounts and apps and a RememberedConsents. */
export class InMemoryConsentContextReader extends ConsentContextReader {
  /** How many times it was read: each read is one statement in the SQL adapter. */
  reads = 0;
  /** The users whose address is not confirmed (the identity kit's accounts do not say). */
  readonly unconfirmed = new Set<string>();

  constructor(
    private readonly accounts: InMemoryAccounts,
    private readonly clients: InMemoryClientLookup,
    private readonly remembered: RememberedConsents,
  ) {
    super();
  }

  async read(clientId: string, userId: string | null): Promise<ConsentContext> {
    this.reads += 1;
    const app = await this.clients.findByClientId(clientId);
    const user = userId === null ? null : await this.accounts.findUser(userId);
    return {
      app: app && {
        clientId: app.clientId,
        name: app.name,
        redirectUris: [...app.redirectUris],
        scopes: [...app.scopes],
        hasSecret: app.clientSecretHash !== null,
      },
      user: user && {
        id: user.id,
        username: user.username,
        fullname: user.fullname,
        email: user.email,
        avatarUrl: user.avatarUrl,
        isPro: user.isPro,
        disabled: user.disabledAt !== null,
        emailConfirmed: !this.unconfirmed.has(user.id),
      },
      memberships: user ? await this.accounts.membershipsOf(user.id) : [],
      remembered: user ? await this.remembered.find(user.id, clientId) : null,
      twoFactor: { secondFactor: false, twoFactorOrgIds: [] },
    };
  }
}
