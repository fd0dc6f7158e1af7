import {
  exportedMetricNames,
  metricNamesOf,
  monitoringExpressions,
} from './monitoring-expressions';

describe('metricNamesOf', () => {
  it.each([
    [
      'sum by (service) (rate(http_request_duration_seconds_count{status=~"5.."}[5m])) / sum by (service) (rate(http_request_duration_seconds_count[5m])) > 0.01',
      ['http_request_duration_seconds_count'],
    ],
    [
      'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{service="auth",route="/oauth/token"}[5m]))) > 1',
      ['http_request_duration_seconds_bucket'],
    ],
    [
      'min by (service, instance) (gatehouse_dependency_up{dependency="postgres"}) == 0',
      ['gatehouse_dependency_up'],
    ],
    ['kube_a{x="sum"} == kube_b{deployment=~"auth|rate"}', ['kube_a', 'kube_b']],
    [
      'max(gatehouse_webhook_dispatch_queue_depth) >= 1000',
      ['gatehouse_webhook_dispatch_queue_depth'],
    ],
  ])('%s', (expr, names) => {
    expect(metricNamesOf(expr)).toEqual(names);
  });
});

describe('exportedMetricNames', () => {
  it("reads the families of a /metrics answer, with a histogram's series", () => {
    const names = exportedMetricNames(
      [
        '# HELP a_total A counter',
        '# TYPE a_total counter',
        'a_total{service="auth"} 3',
        '# TYPE b_seconds histogram',
        '# TYPE c gauge',
      ].join('\n'),
    );
    expect([...names].sort()).toEqual([
      'a_total',
      'b_seconds',
      'b_seconds_bucket',
      'b_seconds_count',
      'b_seconds_sum',
      'c',
    ]);
  });
});

describe('monitoringExpressions', () => {
  it('finds every alert, every dashboard panel target and the dashboard variable', () => {
    const sources = monitoringExpressions().map((expression) => expression.source);
    expect(sources).toEqual(
      expect.arrayContaining([
        'alert GatehouseOutboxStuck',
        'panel "Dependencies up"',
        'variable $service',
      ]),
    );
    for (const { source, expr } of monitoringExpressions())
      expect({ source, names: metricNamesOf(expr).length > 0 }).toEqual({ source, names: true });
  });
});
