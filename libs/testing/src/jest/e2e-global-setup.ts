import {
  ALL_IN_ONE_TEMPLATE_VARIABLE,
  prepareAllInOneTemplate,
} from '../process/all-in-one-template';
import { buildDist } from '../process/node-process';
import globalSetup from './global-setup';

/** End-to-end suites run the built services as processes: the run's servers, one build and one migrated all-in-one data directory. */
export default async function e2eGlobalSetup(): Promise<void> {
  await globalSetup();
  const started = Date.now();
  buildDist();
  process.stdout.write(
    `[gatehouse-test] built dist/ for end-to-end suites in ${Date.now() - started} ms\n`,
  );
  const migrating = Date.now();
  // Test workers are started after global setup and inherit it; global teardown removes it.
  process.env[ALL_IN_ONE_TEMPLATE_VARIABLE] = await prepareAllInOneTemplate();
  process.stdout.write(
    `[gatehouse-test] migrated the all-in-one's data directory template in ${Date.now() - migrating} ms\n`,
  );
}
