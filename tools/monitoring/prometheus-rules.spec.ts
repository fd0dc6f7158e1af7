import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prometheusRuleGroups } from '@gatehouse/testing';
import { parse, stringify } from 'yaml';

// k8s/monitoring/prometheus-rule.yaml checked by Prometheus's own tool (Debian's `prometheus`
// package; .ci/run installs it): its syntax (`promtool check rules`) and its behaviour on the
// synthetic series of alerts.test.yaml (`promtool test rules`).

const TESTS = join(__dirname, 'alerts.test.yaml');
const OPERATIONS = join(__dirname, '..', '..', 'docs', 'operations.md');

function promtoolPresent(): boolean {
  return spawnSync('promtool', ['--version']).status === 0;
}

/** Runs promtool on `groups` as rules.yaml beside a copy of alerts.test.yaml. */
function promtool(command: 'check' | 'test', groups: unknown): { status: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-rules-'));
  try {
    writeFileSync(join(dir, 'rules.yaml'), stringify({ groups }));
    copyFileSync(TESTS, join(dir, 'alerts.test.yaml'));
    const args =
      command === 'check'
        ? ['check', 'rules', 'rules.yaml']
        : ['test', 'rules', 'alerts.test.yaml'];
    const run = spawnSync('promtool', args, { cwd: dir, encoding: 'utf8' });
    return { status: run.status ?? -1, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the alerting rules', () => {
  beforeAll(() => {
    if (!promtoolPresent())
      throw new Error('promtool is missing: apt-get install prometheus (Debian), as .ci/run does');
  });

  it('pass promtool check rules', () => {
    const result = promtool('check', prometheusRuleGroups());
    expect(result).toEqual({
      status: 0,
      output: expect.stringContaining('SUCCESS: 16 rules found'),
    });
  });

  it('pass their unit tests on synthetic series (promtool test rules)', () => {
    const result = promtool('test', prometheusRuleGroups());
    expect(result).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
  });

  it('fail their unit tests when a threshold is changed (the tests do test)', () => {
    const planted = structuredClone(prometheusRuleGroups());
    const outbox = planted[0]!.rules.find((rule) => rule.alert === 'GatehouseOutboxStuck')!;
    outbox.expr = outbox.expr.replace('> 300', '> 3000');
    const result = promtool('test', planted);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('GatehouseOutboxStuck');
  });

  it('each have a test where they fire', () => {
    const tests = parse(readFileSync(TESTS, 'utf8')) as {
      tests: Array<{ alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
    };
    const firing = new Set(
      tests.tests.flatMap((test) =>
        test.alert_rule_test
          .filter((check) => check.exp_alerts.length > 0)
          .map((check) => check.alertname),
      ),
    );
    const alerts = prometheusRuleGroups().flatMap((group) => group.rules.map((rule) => rule.alert));
    expect(alerts.filter((alert) => !firing.has(alert!))).toEqual([]);
  });

  it('are the alerts docs/operations.md lists, each with its first step', () => {
    const section = readFileSync(OPERATIONS, 'utf8')
      .split(/^## Alerts$/m)[1]!
      .split(/^## /m)[0]!;
    const documented = [...section.matchAll(/^\| `(Gatehouse\w+)`/gm)].map((match) => match[1]);
    const alerts = prometheusRuleGroups().flatMap((group) => group.rules.map((rule) => rule.alert));
    expect(documented).toEqual(alerts);
  });
});
