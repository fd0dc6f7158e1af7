import type { RunFigures } from '../harness/trial';
import type { ScenarioReport } from '../harness/scenario';
import { BEARER_CHECKS, CACHE_HIT_ROWS, OIDC_PEERS, RAW_LIMITS } from '../harness/contender-names';
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
      target: "password sign-in (spike) at 8 connections: p99 lower than oidc-provider's",
      measured: '800 ms against 1,000 ms',
      met: true,
    });
    expect(checks).toContainEqual({
      target: 'password sign-in (spike) at 8 connections ≥ 1 × oidc-provider',
      measured: '1.02× (0.98–1.10)',
      met: true,
    });
  });

  it('says a p99 is not lower when it is higher, and keeps the concurrency that did not run as not measured', () => {
    const checks = evaluateTargets([signIn([1300, 1400, 1200], [1000, 1100, 900])]);
    expect(checks.find((check) => check.target.includes('p99'))).toEqual({
      target: "password sign-in (spike) at 8 connections: p99 lower than oidc-provider's",
      measured: '1,300 ms against 1,000 ms',
      met: false,
    });
    expect(checks.filter((check) => check.target.includes('32 connections'))).toEqual([
      {
        target: 'password sign-in (spike) at 32 connections ≥ 0.95 × the scrypt limit',
        measured: 'not measured in this run',
        met: false,
      },
      {
        target: 'password sign-in (spike) at 32 connections ≥ 1 × oidc-provider',
        measured: 'not measured in this run',
        met: false,
      },
      {
        target: "password sign-in (spike) at 32 connections: p99 lower than oidc-provider's",
        measured: 'not measured in this run',
        met: false,
      },
    ]);
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

  it('holds each service of the memory table, webhook-management included, to 150 MiB and the all-in-one to 250 MiB, saying where the peak was', () => {
    const checks = evaluateTargets([
      memoryTable([
        ['auth', 108, 149.9],
        ['webhook-management', 105, 150],
        ['all-in-one', 190, 249],
      ]),
    ]);
    expect(checks).toEqual([
      {
        target: 'auth under 150 MiB RSS under load',
        measured: '150 MiB (Memory: trial)',
        met: true,
      },
      {
        target: 'token-exchange under 150 MiB RSS under load',
        measured: 'not measured in this run',
        met: false,
      },
      {
        target: 'webhook-management under 150 MiB RSS under load',
        measured: '150 MiB (Memory: trial)',
        met: false,
      },
      {
        target: 'all-in-one under 250 MiB RSS in every scenario it ran',
        measured: '249 MiB (Memory: trial)',
        met: true,
      },
    ]);
  });

  it("holds auth to 150 MiB while hashing, at its highest peak in the sign-in spike's trials", () => {
    const report = signIn([700], [900]);
    report.trials[0]!.runs.Gatehouse = [
      run(10, 700, { auth: usage(141) }),
      run(10, 700, { auth: usage(152) }),
    ];
    expect(
      evaluateTargets([report]).find((check) => check.target.includes('while hashing')),
    ).toEqual({
      target: 'auth under 150 MiB RSS while hashing (the sign-in spike)',
      measured: '152 MiB (sign-in: concurrency 8)',
      met: false,
    });
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
      target: 'delivery-worker under 150 MiB RSS under load, with 100,000 webhooks included',
      measured: '141 MiB (Webhook delivery: bursts with 100,000 other webhooks)',
      met: true,
    });
    const scaled = evaluateTargets([
      quiet,
      scaleOut({ 'delivery-worker-1': 139, 'delivery-worker-2': 150 }),
    ]).find((check) => check.target.startsWith('delivery-worker'));
    expect(scaled).toEqual({
      target: 'delivery-worker under 150 MiB RSS under load, with 100,000 webhooks included',
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

  it('checks refresh and returning sign-in against oidc-provider on Redis and in memory, at the 1× target and the 1.5× aim', () => {
    const ratios = (redis: number, memory: number) => [
      { subject: 'Gatehouse', against: OIDC_PEERS.redis, median: redis, min: redis, max: redis },
      {
        subject: 'Gatehouse',
        against: OIDC_PEERS.memory,
        median: memory,
        min: memory,
        max: memory,
      },
    ];
    const checks = evaluateTargets([
      {
        id: 'returning-user',
        title: 'Returning users',
        facts: [],
        trials: [
          {
            name: 'returning user, concurrency 8',
            rounds: 3,
            runs: {},
            ratios: ratios(1.6, 1.2),
          },
          {
            name: 'refresh_token rotation, concurrency 8',
            rounds: 3,
            runs: {},
            ratios: ratios(0.9, 0.5),
          },
        ],
      },
    ]);
    expect(checks.map(({ target, met }) => [target, met])).toEqual([
      ['returning user ≥ 1 × oidc-provider + Redis (target)', true],
      ['returning user ≥ 1.5 × oidc-provider + Redis (aim)', true],
      ['returning user ≥ 1 × oidc-provider + memory (target)', true],
      ['returning user ≥ 1.5 × oidc-provider + memory (aim)', false],
      ['refresh rotation ≥ 1 × oidc-provider + Redis (target)', false],
      ['refresh rotation ≥ 1.5 × oidc-provider + Redis (aim)', false],
      ['refresh rotation ≥ 1 × oidc-provider + memory (target)', false],
      ['refresh rotation ≥ 1.5 × oidc-provider + memory (aim)', false],
    ]);
  });

  it("checks userinfo, whoami-v2 and /internal/authorize against the bare server and both oidc-provider /me's, a missing contender as not measured", () => {
    const ratios = BEARER_CHECKS.paths
      .filter((path) => path !== 'introspect')
      .flatMap((path) => [
        { subject: path, against: BEARER_CHECKS.bare, median: 0.5, min: 0.4, max: 0.6 },
        { subject: path, against: BEARER_CHECKS.me.redis, median: 1.5, min: 1.2, max: 1.9 },
        { subject: path, against: BEARER_CHECKS.me.memory, median: 1.49, min: 1.2, max: 1.9 },
      ])
      .filter((ratio) => !(ratio.subject === 'whoami-v2' && ratio.against === BEARER_CHECKS.bare));
    const checks = evaluateTargets([
      {
        id: 'token-validation',
        title: 'Token validation',
        facts: [],
        trials: [{ name: 'bearer checks, concurrency 8', rounds: 3, runs: {}, ratios }],
      },
    ]);
    expect(checks.map(({ target, measured, met }) => [target, measured, met])).toEqual([
      ['userinfo ≥ 0.5 × the bare Node + Redis server', '0.50× (0.40–0.60)', true],
      ['userinfo ≥ 1.5 × oidc-provider + Redis /me', '1.50× (1.20–1.90)', true],
      ['userinfo ≥ 1.5 × oidc-provider + memory /me', '1.49× (1.20–1.90)', false],
      ['whoami-v2 ≥ 0.5 × the bare Node + Redis server', 'not measured in this run', false],
      ['whoami-v2 ≥ 1.5 × oidc-provider + Redis /me', '1.50× (1.20–1.90)', true],
      ['whoami-v2 ≥ 1.5 × oidc-provider + memory /me', '1.49× (1.20–1.90)', false],
      ['internal/authorize ≥ 0.5 × the bare Node + Redis server', '0.50× (0.40–0.60)', true],
      ['internal/authorize ≥ 1.5 × oidc-provider + Redis /me', '1.50× (1.20–1.90)', true],
      ['internal/authorize ≥ 1.5 × oidc-provider + memory /me', '1.49× (1.20–1.90)', false],
    ]);
  });

  it('wants no statement on a cache hit of userinfo, whoami-v2 and /internal/authorize', () => {
    const checks = evaluateTargets([
      {
        id: 'statements',
        title: 'statements',
        facts: [],
        trials: [],
        tables: [
          {
            title: 'Statements per request',
            columns: ['Path', 'Statements per flow', 'Outbox relay statements per flow', 'Flows'],
            rows: [
              [CACHE_HIT_ROWS.userinfo, 0, 0, 20],
              [CACHE_HIT_ROWS.whoami, 0, 0, 20],
              [CACHE_HIT_ROWS.introspect, 1, 0, 20],
              [CACHE_HIT_ROWS.authorize, 1, 0, 20],
            ],
          },
        ],
      },
    ]);
    expect(checks).toEqual([
      { target: `${CACHE_HIT_ROWS.userinfo}: no statement`, measured: '0.00', met: true },
      { target: `${CACHE_HIT_ROWS.whoami}: no statement`, measured: '0.00', met: true },
      { target: `${CACHE_HIT_ROWS.authorize}: no statement`, measured: '1.00', met: false },
      {
        target: 'returning user (authorize → token → userinfo): at most 5 statements',
        measured: 'not measured in this run',
        met: false,
      },
      {
        target: 'token exchange (auth + token-exchange): at most 6 statements',
        measured: 'not measured in this run',
        met: false,
      },
    ]);
  });

  it('holds one delivery worker to half the lower of its two limits in each round', () => {
    const report = delivery([120], []);
    report.trials[0]!.ratios.push({
      subject: 'delivery worker',
      against: RAW_LIMITS.tighter,
      median: 0.48,
      min: 0.4,
      max: 0.55,
    });
    expect(
      evaluateTargets([report]).find((check) => check.target.startsWith('delivery: one worker')),
    ).toEqual({
      target:
        'delivery: one worker ≥ 0.5 × min(raw POST loop, raw consume loop), the lower of the two in each round',
      measured: '0.48× (0.40–0.55)',
      met: false,
    });
  });
});
