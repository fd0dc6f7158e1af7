import {
  rememberTestRunInfrastructure,
  rememberedTestRunInfrastructure,
  stopTestRunInfrastructure,
} from '../infra/test-run-infrastructure';

export default async function globalTeardown(): Promise<void> {
  const infra = rememberedTestRunInfrastructure();
  if (!infra) return; // global setup failed and already cleaned up after itself
  rememberTestRunInfrastructure(undefined);
  await stopTestRunInfrastructure(infra);
}
