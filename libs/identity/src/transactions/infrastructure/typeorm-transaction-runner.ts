import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Transaction } from '../ports/transaction';
import { TransactionRunner } from '../ports/transaction-runner';
import { TypeOrmTransaction } from './typeorm-transaction';

@Injectable()
export class TypeOrmTransactionRunner extends TransactionRunner {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(new TypeOrmTransaction(manager)));
  }

  runEachStatementAlone<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return work(new TypeOrmTransaction(this.dataSource.manager, { eachStatementAlone: true }));
  }
}
