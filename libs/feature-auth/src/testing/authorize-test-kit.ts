import { MemoryFlowStore } from '@gatehouse/flow-state';
import { createIdentityTestKit } from '@gatehouse/identity/testing';
import { DiscoveryService } from '@nestjs/core';
import { AuthorizationCodes } from '../authorization-code/authorization-codes';
import { FakeMetadataDocumentFetcher } from './fake-metadata-document-fetcher';
import { ClientMetadataResolver } from '../cimd/client-metadata-resolver';
import { ConsentOutcomeRegistry } from '../consent/consent-outcome-registry';
import { ConsentService } from '../consent/consent.service';
import { PendingConsents } from '../consent/pending-consents';
import { InMemoryRememberedConsents } from './in-memory-remembered-consents';
import { AuthorizationConsentOutcome } from '../authorize/authorization-consent-outcome';
import { AuthorizationResponder } from '../authorize/authorization-responder';
import { AuthorizeService } from '../authorize/authorize.service';
import { AuthorizingClientResolver } from '../authorize/authorizing-client-resolver';
import { InMemoryConsentContextReader } from './in-memory-consent-context.reader';

export const TEST_ISSUER = 'https://hub.example';

/**
 * The authorization endpoint's services on in-memory ports and a frozen clock (the identity
 * test kit's), with a fake metadata-document fetcher: `new` everything, no Nest.
 */
export function createAuthorizeTestKit() {
  const identity = createIdentityTestKit({ publicUrl: TEST_ISSUER });
  const flow = new MemoryFlowStore({ clock: identity.clock });
  const fetcher = new FakeMetadataDocumentFetcher();
  const metadata = new ClientMetadataResolver(flow, fetcher, identity.clock);
  const codes = new AuthorizationCodes(flow, identity.random, { codeTtlSeconds: 60 });
  const remembered = new InMemoryRememberedConsents();
  const pending = new PendingConsents(flow);
  const outcomes = new ConsentOutcomeRegistry({
    getProviders: () => [],
  } as unknown as DiscoveryService);
  const contexts = new InMemoryConsentContextReader(
    identity.accounts,
    identity.clients,
    remembered,
  );
  const consents = new ConsentService(
    pending,
    remembered,
    contexts,
    outcomes,
    identity.random,
    identity.clock,
  );
  const responder = new AuthorizationResponder(codes, identity.random, { issuer: TEST_ISSUER });
  outcomes.register(new AuthorizationConsentOutcome(responder, identity.clock));
  const clients = new AuthorizingClientResolver(identity.clients, metadata);
  const authorize = new AuthorizeService(clients, consents, responder, contexts, identity.clock);
  return {
    identity,
    flow,
    fetcher,
    metadata,
    codes,
    remembered,
    contexts,
    pending,
    outcomes,
    consents,
    responder,
    clients,
    authorize,
  };
}

export type AuthorizeTestKit = ReturnType<typeof createAuthorizeTestKit>;
