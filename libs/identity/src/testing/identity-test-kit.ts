import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import { ClientAuthenticator } from '../clients/client-authenticator';
import { IdentityOptions } from '../identity-options';
import { SigningKeys } from '../keys/signing-keys';
import { BearerAuthenticator } from '../principal/bearer-authenticator';
import { PrincipalCache } from '../principal/principal-cache';
import { TokenUsageRecorder } from '../principal/token-usage-recorder';
import { TokenIssuer } from '../tokens/token-issuer';
import { TokenRevoker } from '../tokens/token-revoker';
import { InMemoryAccounts } from './in-memory-account.reader';
import { InMemoryBearerTokenReader } from './in-memory-bearer-token.reader';
import { InMemoryIssuedTokenWriter } from './in-memory-issued-token.writer';
import { InMemoryClientLookup } from './in-memory-client-lookup';
import { FakeSigningKeyCrypto } from './fake-signing-key-crypto';
import { InMemorySigningKeyStore } from './in-memory-signing-key.store';
import { InMemoryPersonalTokenUsageWriter } from './in-memory-personal-token-usage.writer';
import { InMemoryTokenStore } from './in-memory-token.store';
import { PredictableRandom } from './predictable-random';
import { ImmediateTransactionRunner } from './in-memory-transaction-runner';
import { RecordingOutbox } from './in-memory-outbox.writer';

/** A fixed GATEHOUSE_ENCRYPTION_KEY for tests (32 bytes of 0x2a, base64). */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 42).toString('base64');

/**
 * The identity services wired to in-memory ports and a frozen clock, for unit tests of use
 * cases built on them (new Service(kit.x, kit.y)).
 */
export function createIdentityTestKit(options: { publicUrl?: string; nowMs?: number } = {}) {
  const identityOptions: IdentityOptions = {
    publicUrl: options.publicUrl ?? 'https://hub.example',
    encryptionKey: TEST_ENCRYPTION_KEY,
    signingKeyCacheTtlMs: 0,
    tokenUsageFlushMs: 0,
  };
  const clock = new FrozenClock(options.nowMs ?? Date.UTC(2026, 0, 1, 12));
  const tokens = new InMemoryTokenStore();
  const accounts = new InMemoryAccounts();
  tokens.findUser = (id) => accounts.findUser(id);
  const outbox = new RecordingOutbox();
  const random = new PredictableRandom();
  const clients = new InMemoryClientLookup();
  const keyStore = new InMemorySigningKeyStore();
  const keyCrypto = new FakeSigningKeyCrypto();
  const transactions = new ImmediateTransactionRunner();
  const signingKeys = new SigningKeys(keyStore, keyCrypto, clock, identityOptions);
  const flow = new MemoryFlowStore({ clock });
  const bearerTokens = new InMemoryBearerTokenReader(tokens, accounts, clients);
  const principals = new PrincipalCache(clock, identityOptions, flow);
  const usageWriter = new InMemoryPersonalTokenUsageWriter(tokens.personalTokens);
  const usage = new TokenUsageRecorder(usageWriter, clock, identityOptions);
  return {
    flow,
    identityOptions,
    clock,
    tokens,
    accounts,
    outbox,
    random,
    clients,
    keyStore,
    keyCrypto,
    transactions,
    /** The handle to pass where a use case would be inside TransactionRunner.run. */
    tx: ImmediateTransactionRunner.transaction,
    signingKeys,
    issuer: new TokenIssuer(
      new InMemoryIssuedTokenWriter(tokens, outbox),
      accounts,
      signingKeys,
      random,
      principals,
      clock,
      identityOptions,
    ),
    bearerTokens,
    principals,
    revoker: new TokenRevoker(tokens, outbox, principals, clock),
    /** Personal tokens' last uses: noted by `bearer`, written by `usage.flush()` (counted in `usageWriter.writes`). */
    usage,
    usageWriter,
    bearer: new BearerAuthenticator(bearerTokens, principals, clock, usage),
    clientAuthenticator: new ClientAuthenticator(clients, flow),
  };
}

export type IdentityTestKit = ReturnType<typeof createIdentityTestKit>;
