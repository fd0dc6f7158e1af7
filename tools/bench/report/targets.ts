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

/**
 * What a target reads from the run: `undefined` when its scenario did not run (the target is left
 * out), `null` when the scenario ran without it (a contender or row renamed or missing: the target
 * stays in the table, not met, rather than vanish).
 */
type Reading<T> = T | null | undefined;

const NOT_MEASURED = 'not measured in this run';

function notMeasured(target: string): TargetCheck {
  return { target, measured: NOT_MEASURED, met: false };
}

function ratio(
  scenarios: ScenarioReport[],
  id: string,
  trialStart: string,
  subject: string,
  against: string,
): Reading<Ratio> {
  const scenario = scenarios.find((candidate) => candidate.id === id);
  if (!scenario) return undefined;
  const trial = scenario.trials.find((candidate) => candidate.name.startsWith(trialStart));
  return (
    trial?.ratios.find(
      (candidate) => candidate.subject === subject && candidate.against === against,
    ) ?? null
  );
}

function atLeast(target: string, found: Reading<Ratio>, minimum: number): TargetCheck | undefined {
  if (found === undefined) return undefined;
  if (found === null) return notMeasured(target);
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
): Reading<number> {
  const scenario = scenarios.find((candidate) => candidate.id === id);
  if (!scenario) return undefined;
  for (const extra of scenario.tables ?? []) {
    const found = extra.rows.find((candidate) => candidate[0] === row);
    if (found && typeof found[column] === 'number') return found[column];
  }
  return null;
}

/** A process's peak in the memory scenario's table (the run's highest, as that scenario found it), and where. */
function memoryPeak(
  scenarios: ScenarioReport[],
  row: string,
): Reading<{ mib: number; where: string }> {
  const scenario = scenarios.find((candidate) => candidate.id === 'memory');
  if (!scenario) return undefined;
  for (const extra of scenario.tables ?? []) {
    const found = extra.rows.find((candidate) => candidate[0] === row);
    if (found && typeof found[2] === 'number' && Number.isFinite(found[2]))
      return { mib: found[2], where: String(found[3]) };
  }
  return null;
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
    const target = `password sign-in (spike) at ${connections} connections: p99 lower than oidc-provider's`;
    if (ours !== undefined && theirs !== undefined)
      checks.push({
        target,
        measured: `${number(ours)} ms against ${number(theirs)} ms`,
        met: ours < theirs,
      });
    else if (scenarios.some((scenario) => scenario.id === 'sign-in'))
      checks.push(notMeasured(target));
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
    const target = `${row}: ${most === 0 ? 'no statement' : `at most ${most} statements`}`;
    if (value === null) checks.push(notMeasured(target));
    else if (value !== undefined)
      checks.push({ target, measured: number(value), met: value <= most });
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
  const delivery = scenarios.find((scenario) => scenario.id === 'delivery');
  if (delivery) {
    const p99 = delivery.facts.find((fact) => fact.name.startsWith('event-to-first-attempt p99'));
    const p99Target = 'delivery: event-to-first-attempt p99 under 250 ms at half the burst rate';
    checks.push(
      p99
        ? { target: p99Target, measured: `${number(p99.value)} ms`, met: p99.value < 250 }
        : notMeasured(p99Target),
    );
    const scale = delivery.facts.find((fact) => fact.name.startsWith('delivery rate with 100,000'));
    const scaleTarget = 'delivery with 100,000 webhooks within 10 % of its rate with 10,000';
    checks.push(
      scale
        ? { target: scaleTarget, measured: `${scale.value.toFixed(2)}×`, met: scale.value >= 0.9 }
        : notMeasured(scaleTarget),
    );
  }
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
    const target = `${row} under ${most} MiB RSS${row === 'all-in-one' ? ' in every scenario it ran' : ' under load'}`;
    if (found === null) checks.push(notMeasured(target));
    else if (found)
      checks.push({
        target,
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
