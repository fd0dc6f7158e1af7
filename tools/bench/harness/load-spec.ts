import type { Credentials } from '../load/credential-pool';
import type { ExchangeTransactionSpec } from '../load/exchange-transaction-loop';
import type { OAuthTarget } from '../load/flows/oauth-client';
import type { RawConsumeSpec, RawPostSpec } from '../load/raw-delivery-limits';
import type { ExchangeClient } from '../load/flows/token-exchange';

/** Which flow a run repeats, with what it needs. Pools are named sets of credentials kept in the load process. */
export type FlowSpec =
  | {
      kind: 'gatehouse-sign-in' | 'oidc-provider-sign-in';
      target: OAuthTarget;
      loginPrefix: string;
      firstVisitor: number;
      password: string;
      keepIn?: string[];
    }
  | { kind: 'returning-user'; target: OAuthTarget; sessions: string }
  | { kind: 'refresh-rotation'; target: OAuthTarget; tokens: string }
  | { kind: 'bearer-get'; path: string; tokens: string }
  | {
      kind: 'introspect' | 'internal-authorize';
      path: string;
      authorization: string;
      tokens: string;
    }
  | { kind: 'token-exchange'; clients: ExchangeClient[] };

export interface RunSpec {
  flow: FlowSpec;
  url: string;
  connections: number;
  seconds?: number;
  rampSeconds?: number;
  flows?: number;
}

export interface HashSpec {
  seconds: number;
  rampSeconds?: number;
  concurrency: number;
  password: string;
  stored: string;
}

export type LoadCommand =
  | { run: RunSpec }
  | { hash: HashSpec }
  | { exchangeTransactions: ExchangeTransactionSpec }
  | { rawPost: RawPostSpec }
  | { rawConsume: RawConsumeSpec }
  | { seed: { pool: string; credentials: Credentials[] } }
  | { drop: { pool: string } }
  | { take: { pool: string } };

export interface LoadRequestMessage {
  id: number;
  command: LoadCommand;
}

export interface LoadReplyMessage {
  id: number;
  result?: unknown;
  error?: string;
}
