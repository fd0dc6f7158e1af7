import {
  exportTestRunEnvironment,
  rememberTestRunInfrastructure,
  rememberedTestRunInfrastructure,
  startTestRunInfrastructure,
} from '../infra/test-run-infrastructure';

/**
 * One set of servers per Jest run. The integration and e2e projects both name this setup, and
 * Jest runs every project's global setup in one process before any worker starts, so the second
 * call reuses what the first started (and the one teardown stops it).
 */
export default async function globalSetup(): Promise<void> {
  const infra = rememberedTestRunInfrastructure() ?? (await startTestRunInfrastructure());
  rememberTestRunInfrastructure(infra);
  // Test workers are started after global setup and inherit these.
  exportTestRunEnvironment(infra);
}
