import type { Transaction } from './transaction';

/** Port: runs `work` in one database transaction, committed when it resolves, rolled back when it throws. */
export abstract class TransactionRunner {
  abstract run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}
