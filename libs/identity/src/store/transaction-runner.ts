import type { EntityManager } from 'typeorm';

/** Port: runs `work` in one database transaction, committed when it resolves, rolled back when it throws. */
export abstract class TransactionRunner {
  abstract run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
}
