// Profiles one delivery-worker process (node --cpu-prof) through bursts of the delivery
// benchmark's events, then prints the packages and functions with the most self time, for
// tools/bench/report/findings.md; then paces events at half the median burst rate, as the
// benchmark does, and prints the event-to-first-attempt latency with the slowest events traced.
// Needs only PostgreSQL, Redis and Kafka (no Gatehouse services); builds dist/ first, as the worker runs from there.
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/profile-delivery.ts [events] [bursts] [paced seconds]
import 'reflect-metadata';
import { runMigrations, createDataSource, closeDataSource } from '@gatehouse/persistence';
import {
  buildDist,
  startTestRunInfrastructure,
  stopTestRunInfrastructure,
} from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logCpuProfileIn } from './report/cpu-profile-summary';
import { median } from './harness/trial';
import { DeliveryRig } from './scenarios/delivery-rig';

async function main(): Promise<void> {
  const [events = '3000', bursts = '3', pacedSeconds = '5'] = process.argv.slice(2);
  const log = (line: string) => process.stdout.write(`[profile] ${line}\n`);
  buildDist();
  const profiles = mkdtempSync(join(tmpdir(), 'gatehouse-delivery-profile-'));
  const infra = await startTestRunInfrastructure();
  try {
    const ds = await createDataSource({ type: 'postgres', url: infra.database.url });
    await runMigrations(ds);
    await closeDataSource(ds);
    const env = {
      infra,
      encryptionKey: randomBytes(32).toString('base64'),
      internalToken: randomBytes(32).toString('base64url'),
    };
    const rig = await DeliveryRig.start(env, ['--cpu-prof', `--cpu-prof-dir=${profiles}`]);
    try {
      await rig.burst('warmup', 200);
      const rates: number[] = [];
      for (let burst = 1; burst <= Number(bursts); burst += 1) {
        const result = await rig.burst(`burst${burst}`, Number(events));
        rates.push(result.perSecond);
        log(
          `burst ${burst}: ${result.perSecond.toFixed(0)} deliveries/s, p50 ${result.latencyMs.p50.toFixed(0)} ms, p99 ${result.latencyMs.p99.toFixed(0)} ms`,
        );
      }
      const halfPeak = Math.max(1, median(rates) / 2);
      const count = Math.max(200, Math.round(halfPeak * Number(pacedSeconds)));
      const paced = await rig.paced('paced', count, halfPeak);
      log(
        `paced at ${halfPeak.toFixed(0)} events/s (${count} events): p50 ${paced.latencyMs.p50.toFixed(0)} ms, p99 ${paced.latencyMs.p99.toFixed(0)} ms, max ${paced.latencyMs.max.toFixed(0)} ms`,
      );
      for (const slow of await rig.slowest('paced', 5)) {
        log(
          `  ${slow.eventId}: ${slow.ms} ms; batch handled from ${slow.batchAfterMs ?? '-'} ms; requests sent after ${slow.attemptsAfterMs.join(', ') || '-'} ms`,
        );
      }
    } finally {
      await rig.stop();
    }
  } finally {
    await stopTestRunInfrastructure(infra);
  }
  logCpuProfileIn(profiles, 'the worker', log);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
