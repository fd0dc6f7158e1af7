import { Transaction } from '../transactions/ports/transaction';
import { TransactionRunner } from '../transactions/ports/transaction-runner';

/** The handle the in-memory ports are given: they keep no transaction state, so it carries nothing. */
class InMemoryTransaction extends Transaction {}

/** Test double of TransactionRunner: runs the work at once with an in-memory handle (no rollback). */
export class ImmediateTransactionRunner extends TransactionRunner {
  static readonly transaction: Transaction = new InMemoryTransaction();

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return work(ImmediateTransactionRunner.transaction);
  }

  runEachStatementAlone<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return work(ImmediateTransactionRunner.transaction);
  }
}
