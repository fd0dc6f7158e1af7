import type { EntityManager } from 'typeorm';
import { Transaction } from '../ports/transaction';

/**
 * A transaction opened by TypeOrmTransactionRunner: the EntityManager bound to its query runner,
 * or (`eachStatementAlone`) the data source's manager, on which each statement commits on its own.
 */
export class TypeOrmTransaction extends Transaction {
  readonly eachStatementAlone: boolean;

  constructor(
    readonly manager: EntityManager,
    options: { eachStatementAlone?: boolean } = {},
  ) {
    super();
    this.eachStatementAlone = options.eachStatementAlone ?? false;
  }
}

/**
 * The EntityManager inside a transaction handle, for the TypeORM and SQL adapters. A handle opened
 * by another runner (an in-memory one wired by mistake beside a TypeORM adapter) is refused, and so
 * is one kept past the end of its transaction: a write through it would commit on its own. An
 * adapter that takes a lock meant to last until COMMIT says so (`holdsLocks`): a handle on which
 * each statement commits alone would release it at once, so it is refused too.
 */
export function entityManagerOf(
  tx: Transaction,
  { holdsLocks = false }: { holdsLocks?: boolean } = {},
): EntityManager {
  if (!(tx instanceof TypeOrmTransaction)) {
    throw new Error(
      `A TypeORM adapter was given a transaction it did not open (${tx.constructor.name}); run it through TypeOrmTransactionRunner`,
    );
  }
  if (tx.eachStatementAlone) {
    if (holdsLocks)
      throw new Error(
        'An adapter that locks until COMMIT was given a handle whose statements commit alone; run it through TransactionRunner.run',
      );
    return tx.manager;
  }
  if (!tx.manager.queryRunner?.isTransactionActive) {
    throw new Error(
      'A TypeORM adapter was given a transaction that has ended; use the handle only inside TransactionRunner.run',
    );
  }
  return tx.manager;
}
