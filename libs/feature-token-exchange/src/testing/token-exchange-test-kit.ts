import { hashToken } from '@gatehouse/crypto';
import {
  createIdentityTestKit,
  InMemoryIssuedTokenWriter,
  TEST_ENCRYPTION_KEY,
} from '@gatehouse/identity/testing';
import type { OAuthAppEntity } from '@gatehouse/persistence';
import type { OrgRole } from '@gatehouse/domain';
import pino from 'pino';
import { AuditRecorder } from '../audit/audit-recorder';
import { AuditLogReader } from '../audit/audit-log.reader';
import { AuditSeal } from '../audit/audit-seal';
import { AccessDecisionService } from '../authorize/access-decision.service';
import { TokenExchangeService } from '../exchange/token-exchange.service';
import { TrustedPublisherExchange } from '../exchange/trusted-publisher-exchange';
import { UserEmailExchange } from '../exchange/user-email-exchange';
import { OrganizationAdminGate } from '../settings/organization-admin-gate';
import { OrganizationSettingsService } from '../settings/organization-settings.service';
import { FakeCiTokenVerifier } from './fake-ci-token-verifier';
import { InMemoryAuditLogStore } from './in-memory-audit-log.store';
import { InMemoryOrganizationDirectory } from './in-memory-organization-directory';
import { InMemoryTrustedPublisherStore } from './in-memory-trusted-publisher.store';

export const USER_EMAIL_TOKEN_TYPE = 'urn:huggingface:token-type:user-email';

/** Ids of the kit's organizations and users (24 hex, as the database has them). */
export const IDS = {
  acme: 'a0000000000000000000acme',
  other: 'a000000000000000000other',
  alice: 'b000000000000000000alice',
  bob: 'b0000000000000000000bob0',
  carol: 'b000000000000000000carol',
} as const;

/**
 * The token-exchange use cases over the identity test kit's in-memory ports and frozen clock,
 * with builders for organizations, members and token-exchange apps.
 */
export function createTokenExchangeTestKit() {
  const identity = createIdentityTestKit();
  const directory = new InMemoryOrganizationDirectory(identity.clients.apps);
  const auditStore = new InMemoryAuditLogStore(
    identity.outbox,
    new InMemoryIssuedTokenWriter(identity.tokens, identity.outbox),
  );
  const logger = pino({ level: 'silent' });
  const seal = AuditSeal.fromEncryptionKey(TEST_ENCRYPTION_KEY);
  const audit = new AuditRecorder(auditStore, identity.transactions, identity.clock, seal);
  const publishers = new InMemoryTrustedPublisherStore();
  const verifier = new FakeCiTokenVerifier();
  const userEmail = new UserEmailExchange(
    identity.clients,
    directory,
    identity.issuer,
    identity.signingKeys,
    audit,
    identity.transactions,
    { userEmailTokenType: USER_EMAIL_TOKEN_TYPE },
    logger,
  );
  const trustedPublishers = new TrustedPublisherExchange(
    publishers,
    verifier,
    directory,
    identity.issuer,
    audit,
    identity.transactions,
    logger,
  );
  const gate = new OrganizationAdminGate(directory);

  const kit = {
    ...identity,
    directory,
    auditStore,
    audit,
    publishers,
    verifier,
    userEmail,
    trustedPublishers,
    exchange: new TokenExchangeService(userEmail, trustedPublishers),
    settings: new OrganizationSettingsService(
      gate,
      directory,
      audit,
      identity.transactions,
      identity.random,
      identity.outbox,
      identity.clients,
      identity.clock,
    ),
    auditLog: new AuditLogReader(gate, auditStore, seal, directory),
    decisions: new AccessDecisionService(identity.bearer, identity.accounts),

    /** A user in the directory and in the identity accounts (id_tokens read those). */
    addUser(id: string, username: string): void {
      directory.addUser(id, username);
      identity.accounts.addUser({ id, username });
    },

    addMember(orgId: string, userId: string, role: OrgRole): void {
      directory.addMembership(orgId, userId, role);
      const org = directory.organizations.find((candidate) => candidate.id === orgId)!;
      identity.accounts.addMembership(userId, org, role);
    },

    /** A confidential app with the token-exchange privilege bound to `orgId` (override any field). */
    addExchangeApp(
      clientId: string,
      secret: string,
      orgId: string | null,
      fields: Partial<OAuthAppEntity> = {},
    ): OAuthAppEntity {
      return identity.clients.addApp({
        clientId,
        name: clientId,
        clientSecretHash: hashToken(secret),
        scopes: ['openid', 'profile', 'email', 'read-repos', 'write-repos'],
        tokenExchange: true,
        boundOrgId: orgId,
        ownerOrgId: orgId,
        ...fields,
      });
    },
  };
  return kit;
}

export type TokenExchangeTestKit = ReturnType<typeof createTokenExchangeTestKit>;

export function basicAuthorization(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}
