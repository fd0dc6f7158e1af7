import {
  exportTestRunEnvironment,
  rememberTestRunInfrastructure,
  startTestRunInfrastructure,
} from '../infra/test-run-infrastructure';

export default async function globalSetup(): Promise<void> {
  const infra = await startTestRunInfrastructure();
  rememberTestRunInfrastructure(infra);
  // Test workers are started after global setup and inherit these.
  exportTestRunEnvironment(infra);
}
