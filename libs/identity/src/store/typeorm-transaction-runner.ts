import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { TransactionRunner } from './transaction-runner';

@Injectable()
export class TypeOrmTransactionRunner extends TransactionRunner {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
