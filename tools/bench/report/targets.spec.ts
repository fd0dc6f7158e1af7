import type { RunFigures } from '../harness/trial';
import type { ScenarioReport } from '../harness/scenario';
import { evaluateTargets } from './targets';

function run(perSecond: number, p99: number, processes: RunFigures['processes'] = {}): RunFigures {
  return {
    connections: 8,
    seconds: 5,
    completed: perSecond * 5,
    perSecond,
    errors: 0,
    requests: perSecond * 40,
    latencyMs: { p50: p99 / 2, p99, max: p99 * 1.2 },
    firstErrors: [],
    processes,
  };
}

const usage = (peakRssMiB: number) => ({ cpuSeconds: 1, peakRssMiB, startRssMiB: peakRssMiB - 20 });

function memoryTable(rows: Array<[string, number, number]>): ScenarioReport {
  return {
    id: 'memory',
    title: 'Memory',
    facts: [],
    trials: [],
    tables: [
      {
        title: 'Resident memory',
        columns: ['Process', 'Idle', 'Peak under load', 'Where the peak was'],
        rows: rows.map(([name, idle, peak]) => [name, idle, peak, 'Memory: trial']),
      },
    ],
  };
}

function delivery(burstPeaks: number[], table: Array<[string, number, number]>): ScenarioReport {
  return {
    id: 'delivery',
    title: 'Webhook delivery',
    facts: [],
    trials: [
      {
        name: 'burst of 1000 events, 3 partitions, one worker',
        rounds: burstPeaks.length,
        runs: {
          'delivery worker': burstPeaks.map((peak) =>
            run(900, 800, { 'delivery-worker': usage(peak) }),
          ),
        },
        ratios: [],
      },
    ],
    tables: [
      {
        title: 'Delivery worker resident memory (MiB)',
        columns: ['Other webhooks registered', 'Idle', 'Peak under bursts of 1000 events'],
        rows: table,
      },
    ],
  };
}

function scaleOut(workerPeaks: Record<string, number>): ScenarioReport {
  const processes = Object.fromEntries(
    Object.entries(workerPeaks).map(([name, peak]) => [name, usage(peak)]),
  );
  return {
    id: 'scale-out',
    title: 'Scale-out',
    facts: [],
    trials: [
      {
        name: 'burst of 1000 events, 3 partitions',
        rounds: 1,
        runs: { '2 delivery workers': [run(900, 800, processes)] },
        ratios: [],
      },
    ],
  };
}

function signIn(ours: number[], theirs: number[]): ScenarioReport {
  return {
    id: 'sign-in',
    title: 'sign-in',
    facts: [],
    trials: [
      {
        name: 'concurrency 8',
        rounds: 3,
        runs: {
          Gatehouse: ours.map((p99) => run(10, p99)),
          'oidc-provider': theirs.map((p99) => run(10, p99)),
        },
        ratios: [
          { subject: 'Gatehouse', against: 'oidc-provider', median: 1.02, min: 0.98, max: 1.1 },
        ],
      },
    ],
  };
}

describe('evaluateTargets', () => {
  it("compares the sign-in spike's p99 with oidc-provider's, as medians over the rounds", () => {
    const checks = evaluateTargets([signIn([700, 900, 800], [1200, 600, 1000])]);
    expect(checks).toContainEqual({
      target: "sign-in spike at 8 connections: p99 lower than oidc-provider's",
      measured: '800 ms against 1,000 ms',
      met: true,
    });
    expect(checks).toContainEqual({
      target: 'sign-in spike at 8 connections ≥ 1 × oidc-provider',
      measured: '1.02× (0.98–1.10)',
      met: true,
    });
  });

  it('says a p99 is not lower when it is higher, and leaves out the concurrency that did not run', () => {
    const checks = evaluateTargets([signIn([1300, 1400, 1200], [1000, 1100, 900])]);
    expect(checks.find((check) => check.target.includes('p99'))).toEqual({
      target: "sign-in spike at 8 connections: p99 lower than oidc-provider's",
      measured: '1,300 ms against 1,000 ms',
      met: false,
    });
    expect(checks.some((check) => check.target.includes('32 connections'))).toBe(false);
  });

  it('checks token calls during a spike against oidc-provider’s during its own spike', () => {
    const report = signIn([700], [900]);
    report.trials.push({
      name: 'token checks during a sign-in spike at 32 connections, one connection',
      rounds: 3,
      runs: {
        'Gatehouse /oauth/userinfo, during the spike': [40, 60, 50].map((p99) => run(100, p99)),
        'oidc-provider /me, during the spike': [90, 70, 80].map((p99) => run(80, p99)),
      },
      ratios: [],
    });
    expect(evaluateTargets([report])).toContainEqual({
      target:
        "token checks during a sign-in spike at 32 connections: /oauth/userinfo p99 lower than oidc-provider /me's during its own",
      measured: '50.0 ms against 80.0 ms',
      met: true,
    });
  });

  it('holds each service of the memory table, webhook-management included, to 150 MB and the all-in-one to 250 MB', () => {
    const checks = evaluateTargets([
      memoryTable([
        ['auth', 108, 140],
        ['webhook-management', 105, 146],
        ['all-in-one', 190, 236],
      ]),
    ]);
    expect(checks).toEqual([
      { target: 'auth under 150 MB RSS under load', measured: '140 MiB', met: true },
      { target: 'webhook-management under 150 MB RSS under load', measured: '146 MiB', met: false },
      { target: 'all-in-one under 250 MB RSS under load', measured: '236 MiB', met: true },
    ]);
  });

  it('holds the delivery worker to 150 MB at the highest peak of any worker the run metered, and says where it was', () => {
    const quiet = delivery(
      [120, 131],
      [
        ['0', 100, 131],
        ['10,000', 104, 135],
        ['100,000', 118, 141],
      ],
    );
    expect(
      evaluateTargets([quiet]).find((check) => check.target.startsWith('delivery-worker')),
    ).toEqual({
      target: 'delivery-worker under 150 MB RSS under load',
      measured: '141 MiB (Webhook delivery: bursts with 100,000 other webhooks)',
      met: true,
    });
    const scaled = evaluateTargets([
      quiet,
      scaleOut({ 'delivery-worker-1': 139, 'delivery-worker-2': 150 }),
    ]).find((check) => check.target.startsWith('delivery-worker'));
    expect(scaled).toEqual({
      target: 'delivery-worker under 150 MB RSS under load',
      measured: '150 MiB (Scale-out: burst of 1000 events, 3 partitions)',
      met: false,
    });
  });

  it('leaves the delivery worker out when no scenario ran one', () => {
    expect(
      evaluateTargets([memoryTable([['auth', 108, 140]])]).some((check) =>
        check.target.startsWith('delivery-worker'),
      ),
    ).toBe(false);
  });

  it('checks idle polling and that organizations exchanging side by side do not wait on each other', () => {
    const statements: ScenarioReport = {
      id: 'statements',
      title: 'statements',
      trials: [],
      facts: [
        {
          name: 'statements per second of an idle auth + token-exchange pair (outbox relays polling)',
          value: 6,
          unit: '/s',
        },
      ],
    };
    const exchange: ScenarioReport = {
      id: 'token-exchange',
      title: 'Token exchange',
      facts: [],
      trials: [
        {
          name: 'exchanges, concurrency 8',
          rounds: 3,
          runs: {},
          ratios: [
            {
              subject: '8 organizations',
              against: 'one organization',
              median: 0.92,
              min: 0.9,
              max: 1.2,
            },
          ],
        },
      ],
    };
    const checks = evaluateTargets([statements, exchange]);
    expect(checks).toContainEqual({
      target:
        'idle auth + token-exchange: no polling storm (each outbox relay backs off to one look, 3 statements, a second)',
      measured: '6.00 statements/s',
      met: true,
    });
    expect(checks).toContainEqual({
      target:
        'token exchange: eight organizations side by side ≥ 1 × one organization (none waits on another)',
      measured: '0.92× (0.90–1.20)',
      met: false,
    });
  });
});
