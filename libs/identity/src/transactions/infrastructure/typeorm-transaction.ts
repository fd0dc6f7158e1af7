import type { EntityManager } from 'typeorm';
import { Transaction } from '../ports/transaction';

/** A transaction opened by TypeOrmTransactionRunner: the EntityManager bound to its query runner. */
export class TypeOrmTransaction extends Transaction {
  constructor(readonly manager: EntityManager) {
    super();
  }
}

/**
 * The EntityManager inside a transaction handle, for the TypeORM and SQL adapters. A handle opened
 * by another runner (an in-memory one wired by mistake beside a TypeORM adapter) is refused, and so
 * is one kept past the end of its transaction: a write through it would commit on its own.
 */
export function entityManagerOf(tx: Transaction): EntityManager {
  if (!(tx instanceof TypeOrmTransaction)) {
    throw new Error(`A TypeORM adapter was given a transaction it did not open (${tx.constructor.name}); run it through TypeOrmTransactionRunner`);
  }
  if (!tx.manager.queryRunner?.isTransactionActive) {
    throw new Error('A TypeORM adapter was given a transaction that has ended; use the handle only inside TransactionRunner.run');
  }
  return tx.manager;
}
