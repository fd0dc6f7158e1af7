export * from './infra/command-probe';
export * from './infra/free-port';
export * from './infra/postgres';
export * from './infra/redis';
export * from './infra/test-run-infrastructure';
export * from './kafka/kafka-broker';
export * from './kafka/kafka-distribution';
export * from './process/node-process';
