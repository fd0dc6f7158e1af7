/**
 * A database transaction in progress, as ports see it. Opaque: only the adapters of the runner
 * that opened it look inside (the TypeORM adapters through `entityManagerOf`), so no port names an
 * ORM type and an in-memory runner hands out a handle of its own. The private brand keeps a plain
 * object from passing for one.
 */
export abstract class Transaction {
  declare private readonly transactionBrand: never;
}
