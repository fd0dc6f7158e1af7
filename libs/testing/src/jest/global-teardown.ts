import {
  ALL_IN_ONE_TEMPLATE_VARIABLE,
  removeAllInOneTemplate,
} from '../process/all-in-one-template';
import {
  rememberTestRunInfrastructure,
  rememberedTestRunInfrastructure,
  stopTestRunInfrastructure,
} from '../infra/test-run-infrastructure';

export default async function globalTeardown(): Promise<void> {
  const template = process.env[ALL_IN_ONE_TEMPLATE_VARIABLE];
  if (template) {
    removeAllInOneTemplate(template);
    delete process.env[ALL_IN_ONE_TEMPLATE_VARIABLE];
  }
  const infra = rememberedTestRunInfrastructure();
  if (!infra) return; // global setup failed and already cleaned up after itself
  rememberTestRunInfrastructure(undefined);
  await stopTestRunInfrastructure(infra);
}
