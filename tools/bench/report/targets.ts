import { EXCHANGE_ORGANIZATIONS } from '../gatehouse/bench-accounts';
import { peakRssByProcess, type ScenarioReport } from '../harness/scenario';
import { median, type Ratio } from '../harness/trial';
import { BEARER_CHECKS, CACHE_HIT_ROWS, OIDC_PEERS, RAW_LIMITS } from '../harness/contender-names';
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

/** A process's peak in the memory scenario's table (the run's highest, as that scenario found it), and where. */
function memoryPeak(
  scenarios: ScenarioReport[],
  row: string,
): { mib: number; where: string } | undefined {
  for (const extra of scenarios.find((scenario) => scenario.id === 'memory')?.tables ?? []) {
    const found = extra.rows.find((candidate) => candidate[0] === row);
    if (found && typeof found[2] === 'number' && Number.isFinite(found[2]))
      return { mib: found[2], where: String(found[3]) };
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
        `password sign-in (spike) at ${connections} connections ≥ 0.95 × the scrypt limit`,
        ratio(scenarios, 'sign-in', `concurrency ${connections}`, 'Gatehouse', 'scrypt limit'),
        0.95,
      ),
    );
    checks.push(
      atLeast(
        `password sign-in (spike) at ${connections} connections ≥ 1 × oidc-provider`,
        ratio(scenarios, 'sign-in', `concurrency ${connections}`, 'Gatehouse', 'oidc-provider'),
        1,
      ),
    );
    const [ours, theirs] = ['Gatehouse', 'oidc-provider'].map((contender) =>
      medianP99(scenarios, 'sign-in', `concurrency ${connections}`, contender),
    );
    if (ours !== undefined && theirs !== undefined) {
      checks.push({
        target: `password sign-in (spike) at ${connections} connections: p99 lower than oidc-provider's`,
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
  for (const [flow, trialStart] of [
    ['returning user', 'returning user'],
    ['refresh rotation', 'refresh_token'],
  ] as const) {
    for (const peer of [OIDC_PEERS.redis, OIDC_PEERS.memory]) {
      const found = ratio(scenarios, 'returning-user', trialStart, 'Gatehouse', peer);
      checks.push(atLeast(`${flow} ≥ 1 × ${peer} (target)`, found, 1));
      checks.push(atLeast(`${flow} ≥ 1.5 × ${peer} (aim)`, found, 1.5));
    }
  }
  for (const path of ['userinfo', 'whoami-v2', 'internal/authorize'] as const) {
    checks.push(
      atLeast(
        `${path} ≥ 0.5 × the bare Node + Redis server`,
        ratio(scenarios, 'token-validation', 'bearer checks', path, BEARER_CHECKS.bare),
        0.5,
      ),
    );
    for (const me of [BEARER_CHECKS.me.redis, BEARER_CHECKS.me.memory])
      checks.push(
        atLeast(
          `${path} ≥ 1.5 × ${me}`,
          ratio(scenarios, 'token-validation', 'bearer checks', path, me),
          1.5,
        ),
      );
  }
  for (const [row, most] of [
    [CACHE_HIT_ROWS.userinfo, 0],
    [CACHE_HIT_ROWS.whoami, 0],
    [CACHE_HIT_ROWS.authorize, 0],
    ['returning user (authorize → token → userinfo)', 5],
    ['token exchange (auth + token-exchange)', 6],
  ] as const) {
    const value = tableValue(scenarios, 'statements', row, 1);
    if (value !== undefined)
      checks.push({
        target: `${row}: ${most === 0 ? 'no statement' : `at most ${most} statements`}`,
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
  const tighter = ratio(scenarios, 'delivery', 'burst', 'delivery worker', RAW_LIMITS.tighter);
  checks.push(
    atLeast(
      'delivery: one worker ≥ 0.5 × min(raw POST loop, raw consume loop), the lower of the two in each round',
      tighter,
      0.5,
    ),
  );
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
      target: 'delivery with 100,000 webhooks within 10 % of its rate with 10,000',
      measured: `${scale.value.toFixed(2)}×`,
      met: scale.value >= 0.9,
    });
  const hashing = peakRssByProcess(scenarios.filter((scenario) => scenario.id === 'sign-in')).get(
    'auth',
  );
  if (hashing)
    checks.push({
      target: 'auth under 150 MiB RSS while hashing (the sign-in spike)',
      measured: `${number(hashing.mib)} MiB (${hashing.where})`,
      met: hashing.mib < 150,
    });
  for (const row of ['auth', 'token-exchange', 'webhook-management', 'all-in-one']) {
    const found = memoryPeak(scenarios, row);
    const most = row === 'all-in-one' ? 250 : 150;
    if (found)
      checks.push({
        target: `${row} under ${most} MiB RSS${row === 'all-in-one' ? ' in every scenario it ran' : ' under load'}`,
        measured: `${number(found.mib)} MiB (${found.where})`,
        met: found.mib < most,
      });
  }
  const workerPeak = deliveryWorkerPeak(scenarios);
  if (workerPeak)
    checks.push({
      target: 'delivery-worker under 150 MiB RSS under load, with 100,000 webhooks included',
      measured: `${number(workerPeak.mib)} MiB (${workerPeak.where})`,
      met: workerPeak.mib < 150,
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
