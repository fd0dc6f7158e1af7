import type { Transaction } from './transaction';

/** Port: runs `work` in one database transaction, committed when it resolves, rolled back when it throws. */
export abstract class TransactionRunner {
  abstract run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;

  /**
   * Runs `work` with a handle on which every statement commits on its own: no BEGIN, no COMMIT,
   * two round trips fewer. Only for work whose writes are one statement (PostgreSQL applies a
   * statement, data-modifying CTEs included, atomically) and whose reads need no lock: never for
   * a read-then-write that a concurrent request could interleave with.
   */
  abstract runEachStatementAlone<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}
