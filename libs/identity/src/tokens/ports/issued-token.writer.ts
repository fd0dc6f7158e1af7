import type { OutboxMessage } from '@gatehouse/persistence';
import type { Transaction } from '../../transactions/ports/transaction';
import type { AccessTokenRecord, RefreshTokenRecord } from './token-records';

/** What one issuance writes: the tokens and their token.issued events. */
export interface IssuedTokenRows {
  accessToken: AccessTokenRecord;
  refreshToken: RefreshTokenRecord | null;
  events: OutboxMessage[];
}

/**
 * Port: writes an issuance in the caller's transaction, in one round trip where the database
 * allows (docs/benchmarks.md "Returning sign-in"): the transaction is then BEGIN, one statement,
 * COMMIT.
 */
export abstract class IssuedTokenWriter {
  abstract write(tx: Transaction, rows: IssuedTokenRows): Promise<void>;
}

/**
 * How TokenIssuer writes an issuance when its caller writes more in the same statement (the token
 * exchange locks the organization's audit head with the tokens, docs/benchmarks.md "Token
 * exchange"); by default IssuedTokenWriter.write. Returns what the caller's statement read.
 */
export type IssuedTokenWrite<T> = (tx: Transaction, rows: IssuedTokenRows) => Promise<T>;
