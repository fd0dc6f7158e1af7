import { readSettings } from '../harness/bench-settings';
import type { ScenarioReport } from '../harness/scenario';
import { BenchReport, mergeReports } from './write-report';

const scenario = (id: ScenarioReport['id'], value: number): ScenarioReport => ({
  id,
  title: id,
  trials: [],
  facts: [{ name: 'figure', value, unit: '/s' }],
});

const report = (
  startedAt: string,
  argv: string[],
  loadAverage: number,
  scenarios: ScenarioReport[],
): BenchReport => ({
  startedAt,
  seconds: 60,
  argv,
  settings: readSettings(argv),
  machine: {
    cpus: 2,
    cpuModel: 'test',
    memoryGiB: 24,
    node: 'v20',
    postgres: '15',
    redis: '7',
    kafka: '3.9',
    loadAverage,
  },
  scenarios,
});

describe('mergeReports', () => {
  const kept = report('2026-11-25T10:00:00.000Z', [], 3, [
    scenario('sign-in', 1),
    scenario('statements', 7),
    scenario('token-exchange', 40),
  ]);

  it('puts the re-run scenarios in place of the kept ones, keeps the others and their order, and records the re-run', () => {
    const fresh = report(
      '2026-11-25T12:00:00.000Z',
      ['--only', 'token-exchange,statements', '--merge'],
      5,
      [scenario('statements', 6), scenario('token-exchange', 50)],
    );
    const merged = mergeReports(kept, fresh);
    expect(merged.scenarios.map((s) => [s.id, s.facts[0]!.value])).toEqual([
      ['sign-in', 1],
      ['statements', 6],
      ['token-exchange', 50],
    ]);
    expect(merged.startedAt).toBe(kept.startedAt);
    expect(merged.reruns).toEqual([
      {
        startedAt: fresh.startedAt,
        argv: fresh.argv,
        scenarios: ['statements', 'token-exchange'],
        loadAverage: 5,
      },
    ]);
  });

  it('appends a scenario the kept report did not have', () => {
    const fresh = report('2026-11-25T12:00:00.000Z', ['--only', 'memory', '--merge'], 5, [
      scenario('memory', 200),
    ]);
    expect(mergeReports(kept, fresh).scenarios.map((s) => s.id)).toEqual([
      'sign-in',
      'statements',
      'token-exchange',
      'memory',
    ]);
  });
});

describe('readSettings --merge', () => {
  it('needs --only and a report to write', () => {
    expect(readSettings(['--only', 'statements', '--merge']).merge).toBe(true);
    expect(() => readSettings(['--merge'])).toThrow(
      '--merge re-runs some scenarios into the kept report',
    );
    expect(() => readSettings(['--only', 'statements', '--merge', '--no-write'])).toThrow(
      'give --only, not --no-write',
    );
  });
});
