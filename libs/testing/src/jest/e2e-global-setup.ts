import { buildDist } from '../process/node-process';
import globalSetup from './global-setup';

/** End-to-end suites run the built services as processes: the run's servers plus one build. */
export default async function e2eGlobalSetup(): Promise<void> {
  await globalSetup();
  const started = Date.now();
  buildDist();
  process.stdout.write(
    `[gatehouse-test] built dist/ for end-to-end suites in ${Date.now() - started} ms\n`,
  );
}
