import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** A PromQL expression the shipped monitoring evaluates, and where it is written. */
export interface MonitoringExpression {
  /** `alert GatehouseOutboxStuck` or `panel "Dependencies up"`. */
  source: string;
  expr: string;
}

const REPOSITORY = join(__dirname, '..', '..', '..', '..');
export const PROMETHEUS_RULE_FILE = join(REPOSITORY, 'k8s', 'monitoring', 'prometheus-rule.yaml');
export const GRAFANA_DASHBOARD_FILE = join(REPOSITORY, 'deploy', 'grafana', 'gatehouse.json');

interface RuleGroup {
  name: string;
  rules: Array<{ alert?: string; record?: string; expr: string }>;
}

/** The rule groups of k8s/monitoring/prometheus-rule.yaml: its `spec`, a Prometheus rule file. */
export function prometheusRuleGroups(): RuleGroup[] {
  const rule = parse(readFileSync(PROMETHEUS_RULE_FILE, 'utf8')) as {
    spec: { groups: RuleGroup[] };
  };
  return rule.spec.groups;
}

/** Every expression of the alerting rules and of the Grafana dashboard's panels. */
export function monitoringExpressions(): MonitoringExpression[] {
  const rules = prometheusRuleGroups().flatMap((group) =>
    group.rules.map((rule) => ({
      source: `alert ${rule.alert ?? rule.record}`,
      expr: rule.expr,
    })),
  );
  const dashboard = JSON.parse(readFileSync(GRAFANA_DASHBOARD_FILE, 'utf8')) as {
    panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    templating: { list: Array<{ name: string; query?: unknown }> };
  };
  const panels = dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => ({ source: `panel "${panel.title}"`, expr: target.expr })),
  );
  const variables = dashboard.templating.list
    .filter((variable) => typeof variable.query === 'string' && variable.query.includes('('))
    .map((variable) => ({
      source: `variable $${variable.name}`,
      expr: String(variable.query).replace(/^label_values\((.*),\s*\w+\)$/, '$1'),
    }));
  return [...rules, ...panels, ...variables];
}

// PromQL words that are not metric names: aggregations, functions, keywords.
const PROMQL_WORDS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'stddev',
  'stdvar',
  'topk',
  'bottomk',
  'quantile',
  'count_values',
  'group',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
  'rate',
  'irate',
  'increase',
  'delta',
  'idelta',
  'deriv',
  'histogram_quantile',
  'abs',
  'absent',
  'absent_over_time',
  'clamp_min',
  'clamp_max',
  'max_over_time',
  'min_over_time',
  'avg_over_time',
  'sum_over_time',
  'count_over_time',
  'last_over_time',
  'label_replace',
  'label_join',
  'vector',
  'scalar',
  'time',
  'timestamp',
  'round',
  'ceil',
  'floor',
  'sort',
  'sort_desc',
  'changes',
  'resets',
  'predict_linear',
  'le',
  'label_values',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression reads: identifiers outside label matchers, strings and
 * ranges that are not PromQL words. A histogram's `_bucket`, `_count` and `_sum` stay as written.
 */
export function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = bare.match(/[A-Za-z_:][A-Za-z0-9_:]*/g) ?? [];
  return [...new Set(names.filter((name) => !PROMQL_WORDS.has(name.toLowerCase())))].sort();
}

/**
 * The metric families a `/metrics` answer declares (its `# TYPE` lines), with the series names a
 * histogram or summary adds, so `x_bucket` counts as exported when `x` is a histogram.
 */
export function exportedMetricNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const match of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = match;
    names.add(name!);
    if (type === 'histogram')
      for (const suffix of ['_bucket', '_count', '_sum']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_count', '_sum']) names.add(name + suffix);
  }
  return names;
}
