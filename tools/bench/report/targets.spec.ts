import type { RunFigures } from '../harness/trial';
import type { ScenarioReport } from '../harness/scenario';
import { evaluateTargets } from './targets';

function run(perSecond: number, p99: number): RunFigures {
  return {
    connections: 8,
    seconds: 5,
    completed: perSecond * 5,
    perSecond,
    errors: 0,
    requests: perSecond * 40,
    latencyMs: { p50: p99 / 2, p99, max: p99 * 1.2 },
    firstErrors: [],
    processes: {},
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
        runs: { Gatehouse: ours.map((p99) => run(10, p99)), 'oidc-provider': theirs.map((p99) => run(10, p99)) },
        ratios: [{ subject: 'Gatehouse', against: 'oidc-provider', median: 1.02, min: 0.98, max: 1.1 }],
      },
    ],
  };
}

describe('evaluateTargets', () => {
  it("compares the sign-in spike's p99 with oidc-provider's, as medians over the rounds", () => {
    const checks = evaluateTargets([signIn([700, 900, 800], [1200, 600, 1000])]);
    expect(checks).toContainEqual({ target: "sign-in spike at 8 connections: p99 lower than oidc-provider's", measured: '800 ms against 1,000 ms', met: true });
    expect(checks).toContainEqual({ target: 'sign-in spike at 8 connections ≥ 1 × oidc-provider', measured: '1.02× (0.98–1.10)', met: true });
  });

  it('says a p99 is not lower when it is higher, and leaves out the concurrency that did not run', () => {
    const checks = evaluateTargets([signIn([1300, 1400, 1200], [1000, 1100, 900])]);
    expect(checks.find((check) => check.target.includes('p99'))).toEqual({ target: "sign-in spike at 8 connections: p99 lower than oidc-provider's", measured: '1,300 ms against 1,000 ms', met: false });
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
      target: "token checks during a sign-in spike at 32 connections: /oauth/userinfo p99 lower than oidc-provider /me's during its own",
      measured: '50.0 ms against 80.0 ms',
      met: true,
    });
  });
});
