export { findFreePort } from './infra/free-port';
export { createMigratedTestDatabase, type MigratedTestDatabase } from './infra/migrated-database';
export { createTestDatabase, dropTestDatabase, type TestDatabase } from './infra/postgres';
export { claimTestRedis, releaseTestRedis, testRedisPrefix, type TestRedis } from './infra/redis';
export { createScratchDatabase, type ScratchDatabase } from './infra/scratch-database';
export {
  startTestRunInfrastructure,
  stopTestRunInfrastructure,
  testRunServers,
  type TestRunInfrastructure,
  type TestRunServers,
} from './infra/test-run-infrastructure';
export { CookieJar, decodeAttribute } from './http/browser-state';
export { linkInMail, readableMail } from './mail/mail-links';
export { type LocalSite, localSiteForSuite, startLocalSite } from './http/local-site';
export { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './http/otlp-receiver';
export {
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
} from './mail/smtp-test-server';
export { type RunningKafkaBroker, startKafkaBroker } from './kafka/kafka-broker';
export {
  exportedMetricNames,
  metricNamesOf,
  monitoringExpressions,
  prometheusRuleGroups,
  PROMETHEUS_RULE_FILE,
} from './monitoring/monitoring-expressions';
export { StatementCountingProxy } from './sql/statement-counting-proxy';
export { statementLabel, tallyStatements } from './sql/statement-tally';
export { type RunningAllInOne, startAllInOne } from './process/all-in-one';
export {
  buildDist,
  type NodeProcess,
  REGISTER_SWC,
  startNodeProcess,
  waitForHttp,
  WORKSPACE_ROOT,
} from './process/node-process';
export { type RunningGateway, startGateway } from './stack/nginx-gateway';
export {
  DEMO_SEED,
  type EnvironmentChanges,
  type RunningStack,
  type StackReplica,
  startStack,
} from './stack/stack';
export {
  ALL_IN_ONE,
  DISTRIBUTED,
  type ShapeOptions,
  SHAPES,
  type ShapeTarget,
} from './stack/shapes';
export { staysTrueFor } from './wait/stays-true-for';
export { waitUntil } from './wait/wait-until';
export {
  OpenApiResponseCheck,
  type OpenApiResponseDocument,
} from './openapi/openapi-response-check';
