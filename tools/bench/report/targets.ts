import { EXCHANGE_ORGANIZATIONS } from '../gatehouse/bench-accounts';
import { peakRssByProcess, type ScenarioReport } from '../harness/scenario';
import { median, type Ratio } from '../harness/trial';
import { number } from './render-markdown';

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

function ratio(
  scenarios: ScenarioReport[],
  id: string,
  trialStart: string,
  subject: string,
  against: string,
): Ratio | undefined {
  const trial = scenarios
    .find((scenario) => scenario.id === id)
    ?.trials.find((candidate) => candidate.name.startsWith(trialStart));
  return trial?.ratios.find(
    (candidate) => candidate.subject === subject && candidate.against === against,
  );
}

function atLeast(
  target: string,
  found: Ratio | undefined,
  minimum: number,
): TargetCheck | undefined {
  if (!found) return undefined;
  return {
    target,
    measured: `${number(found.median)}× (${number(found.min)}–${number(found.max)})`,
    met: found.median >= minimum,
  };
}

function tableValue(
  scenarios: ScenarioReport[],
  id: string,
  row: string,
  column: number,
): number | undefined {
  for (const extra of scenarios.find((scenario) => scenario.id === id)?.tables ?? []) {
    const found = extra.rows.find((candidate) => candidate[0] === row);
    if (found && typeof found[column] === 'number') return found[column];
  }
  return undefined;
}

/**
 * The highest RSS any delivery-worker process reached in this run, and where: the delivery
 * scenario's own table (idle and under bursts, with 0, 10,000 and 100,000 other webhooks) and the
 * trials that metered a worker (`delivery-worker`, or `delivery-worker-1` and `-2` when scaled out).
 */
function deliveryWorkerPeak(
  scenarios: ScenarioReport[],
): { mib: number; where: string } | undefined {
  let found: { mib: number; where: string } | undefined;
  const consider = (mib: number, where: string) => {
    if (!found || mib > found.mib) found = { mib, where };
  };
  for (const scenario of scenarios) {
    for (const table of scenario.id === 'delivery' ? (scenario.tables ?? []) : []) {
      for (const row of table.rows) {
        if (typeof row[2] === 'number')
          consider(row[2], `${scenario.title}: bursts with ${row[0]} other webhooks`);
      }
    }
  }
  for (const [name, peak] of peakRssByProcess(scenarios)) {
    if (/^delivery-worker(-\d+)?$/.test(name)) consider(peak.mib, peak.where);
  }
  return found;
}

/** The median over rounds of a contender's p99 latency in a trial. */
function medianP99(
  scenarios: ScenarioReport[],
  id: string,
  trialStart: string,
  contender: string,
): number | undefined {
  const runs = scenarios
    .find((scenario) => scenario.id === id)
    ?.trials.find((candidate) => candidate.name.startsWith(trialStart))?.runs[contender];
  return runs && runs.length > 0 ? median(runs.map((run) => run.latencyMs.p99)) : undefined;
}

/** The targets of docs/benchmarks.md checked against what this run measured; targets of scenarios that did not run are left out. */
export function evaluateTargets(scenarios: ScenarioReport[]): TargetCheck[] {
  const checks: Array<TargetCheck | undefined> = [];
  for (const connections of [8, 32]) {
    checks.push(
      atLeast(
        `sign-in spike at ${connections} connections ≥ 0.95 × the scrypt limit`,
        ratio(scenarios, 'sign-in', `concurrency ${connections}`, 'Gatehouse', 'scrypt limit'),
        0.95,
      ),
    );
    checks.push(
      atLeast(
        `sign-in spike at ${connections} connections ≥ 1 × oidc-provider`,
        ratio(scenarios, 'sign-in', `concurrency ${connections}`, 'Gatehouse', 'oidc-provider'),
        1,
      ),
    );
    const [ours, theirs] = ['Gatehouse', 'oidc-provider'].map((contender) =>
      medianP99(scenarios, 'sign-in', `concurrency ${connections}`, contender),
    );
    if (ours !== undefined && theirs !== undefined) {
      checks.push({
        target: `sign-in spike at ${connections} connections: p99 lower than oidc-provider's`,
        measured: `${number(ours)} ms against ${number(theirs)} ms`,
        met: ours < theirs,
      });
    }
  }
  const duringSpike = scenarios
    .find((scenario) => scenario.id === 'sign-in')
    ?.trials.find((trial) => trial.name.startsWith('token checks during'));
  if (duringSpike) {
    const [ours, theirs] = ['Gatehouse /oauth/userinfo', 'oidc-provider /me'].map((side) =>
      medianP99(scenarios, 'sign-in', duringSpike.name, `${side}, during the spike`),
    );
    if (ours !== undefined && theirs !== undefined) {
      checks.push({
        target: `${duringSpike.name.replace(', one connection', '')}: /oauth/userinfo p99 lower than oidc-provider /me's during its own`,
        measured: `${number(ours)} ms against ${number(theirs)} ms`,
        met: ours < theirs,
      });
    }
  }
  checks.push(
    atLeast(
      'returning user ≥ 1.5 × oidc-provider',
      ratio(scenarios, 'returning-user', 'returning user', 'Gatehouse', 'oidc-provider'),
      1.5,
    ),
  );
  checks.push(
    atLeast(
      'refresh rotation ≥ 1.5 × oidc-provider',
      ratio(scenarios, 'returning-user', 'refresh_token', 'Gatehouse', 'oidc-provider'),
      1.5,
    ),
  );
  for (const path of ['userinfo', 'whoami-v2']) {
    checks.push(
      atLeast(
        `${path} ≥ 1 × oidc-provider /me`,
        ratio(scenarios, 'token-validation', 'bearer checks', path, 'oidc-provider /me'),
        1,
      ),
    );
    checks.push(
      atLeast(
        `${path} ≥ 0.5 × the bare Node + Redis server`,
        ratio(scenarios, 'token-validation', 'bearer checks', path, 'bare server + Redis'),
        0.5,
      ),
    );
  }
  for (const [row, most] of [
    ['/oauth/userinfo', 2],
    ['/api/whoami-v2', 2],
    ['returning user (authorize → token → userinfo)', 5],
    ['token exchange (auth + token-exchange)', 6],
  ] as const) {
    const value = tableValue(scenarios, 'statements', row, 1);
    if (value !== undefined)
      checks.push({
        target: `${row}: at most ${most} statements`,
        measured: number(value),
        met: value <= most,
      });
  }
  const idle = scenarios
    .find((scenario) => scenario.id === 'statements')
    ?.facts.find((fact) => fact.name.startsWith('statements per second of an idle'));
  if (idle) {
    // Two outbox relays (auth, token-exchange), each backing off to one look a second when idle: BEGIN, SELECT, COMMIT.
    checks.push({
      target:
        'idle auth + token-exchange: no polling storm (each outbox relay backs off to one look, 3 statements, a second)',
      measured: `${number(idle.value)} statements/s`,
      met: idle.value <= 6,
    });
  }
  checks.push(
    atLeast(
      'token exchange: eight organizations side by side ≥ 1 × one organization (none waits on another)',
      ratio(
        scenarios,
        'token-exchange',
        'exchanges',
        `${EXCHANGE_ORGANIZATIONS} organizations`,
        'one organization',
      ),
      1,
    ),
  );
  const worker = ['raw undici POST loop', 'raw kafkajs consume loop'].map((limit) =>
    ratio(scenarios, 'delivery', 'burst', 'delivery worker', limit),
  );
  if (worker[0] && worker[1]) {
    const binding = worker[0].median >= worker[1].median ? worker[0] : worker[1];
    checks.push(
      atLeast(
        `delivery ≥ 0.5 × min(raw POST loop, raw consume loop), here the ${binding.against}`,
        binding,
        0.5,
      ),
    );
  }
  const p99 = scenarios
    .find((scenario) => scenario.id === 'delivery')
    ?.facts.find((fact) => fact.name.startsWith('event-to-first-attempt p99'));
  if (p99)
    checks.push({
      target: 'delivery: event-to-first-attempt p99 under 250 ms at half the burst rate',
      measured: `${number(p99.value)} ms`,
      met: p99.value < 250,
    });
  const scale = scenarios
    .find((scenario) => scenario.id === 'delivery')
    ?.facts.find((fact) => fact.name.startsWith('delivery rate with 100,000'));
  if (scale)
    checks.push({
      target: 'delivery with 100,000 webhooks at most 10 % slower than with 10,000',
      measured: `${scale.value.toFixed(2)}×`,
      met: scale.value >= 0.9,
    });
  for (const row of ['auth', 'token-exchange', 'webhook-management', 'all-in-one']) {
    const value = tableValue(scenarios, 'memory', row, 2);
    const most = row === 'all-in-one' ? 250 : 150;
    if (value !== undefined)
      checks.push({
        target: `${row} under ${most} MB RSS under load`,
        measured: `${number(value)} MiB`,
        met: value * 1.048576 < most,
      });
  }
  const workerPeak = deliveryWorkerPeak(scenarios);
  if (workerPeak)
    checks.push({
      target: 'delivery-worker under 150 MB RSS under load',
      measured: `${number(workerPeak.mib)} MiB (${workerPeak.where})`,
      met: workerPeak.mib * 1.048576 < 150,
    });
  for (const id of ['revocation', 'scale-out']) {
    for (const fact of scenarios.find((scenario) => scenario.id === id)?.facts ?? []) {
      if (fact.name.startsWith('revocation to 401') && fact.name.endsWith(', max'))
        checks.push({
          target: `${fact.name.slice(0, -', max'.length)}: within 1 s, every token`,
          measured: `max ${number(fact.value)} ms`,
          met: fact.value <= 1000,
        });
    }
  }
  const cli = scenarios
    .find((scenario) => scenario.id === 'cli-startup')
    ?.trials[0]?.ratios.find((candidate) => candidate.against.startsWith('gatehouse --help at'));
  checks.push(
    atLeast(
      '`gatehouse --help` in under a third of the time it took when every command loaded its dependencies up front',
      cli,
      3,
    ),
  );
  return checks.filter((check): check is TargetCheck => check !== undefined);
}
