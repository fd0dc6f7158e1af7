import { join } from 'node:path';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import type { KubernetesObject } from './kubernetes-object';
import { validateKubernetesObject, validateKubernetesObjects } from './kubernetes-schema-validator';
import { findUnknownKubernetesFields } from './kubernetes-unknown-fields';
import { renderKustomization } from './kustomize-renderer';
import { baseObjects } from './kubernetes-base-under-test';

// k8s/monitoring: a ServiceMonitor per service and the PrometheusRule, valid against the
// Prometheus Operator's CRD schemas (@kubernetes-models/prometheus-operator) and pointing at what
// the base really serves. The rules' behaviour is tools/monitoring/prometheus-rules.spec.ts.

const monitoring = renderKustomization(join(__dirname, '..', '..', 'k8s', 'monitoring'));
const serviceMonitors = monitoring.filter((o) => o.kind === 'ServiceMonitor') as unknown as Array<
  IServiceMonitor & KubernetesObject
>;

describe('k8s/monitoring', () => {
  it('is valid against the Prometheus Operator schemas and declares no field they do not define', () => {
    expect(validateKubernetesObjects(monitoring)).toEqual([]);
    expect(findUnknownKubernetesFields(monitoring)).toEqual([]);
  }, 60_000);

  it('scrapes /metrics on the named port of every Service of the base, one ServiceMonitor each', () => {
    const services = baseObjects.filter((o) => o.kind === 'Service') as Array<
      KubernetesObject & {
        metadata: { labels: Record<string, string> };
        spec: { ports: Array<{ name: string }> };
      }
    >;
    expect(serviceMonitors.map((o) => o.metadata.name).sort()).toEqual(
      services.map((o) => o.metadata.name).sort(),
    );
    for (const monitor of serviceMonitors) {
      const selected = services.filter((service) =>
        Object.entries(monitor.spec.selector.matchLabels ?? {}).every(
          ([key, value]) => service.metadata.labels[key] === value,
        ),
      );
      expect(selected.map((service) => service.metadata.name)).toEqual([monitor.metadata.name]);
      expect(monitor.spec.endpoints.map(({ port, path }) => ({ port, path }))).toEqual([
        { port: selected[0]!.spec.ports[0]!.name, path: '/metrics' },
      ]);
    }
  });

  it('names a misspelt PrometheusRule field', () => {
    const copy = structuredClone(monitoring);
    const rule = copy.find((o) => o.kind === 'PrometheusRule') as unknown as {
      spec: { groups: Array<{ rules: Array<Record<string, unknown>> }> };
    };
    rule.spec.groups[0]!.rules[0]!.expression = rule.spec.groups[0]!.rules[0]!.expr;
    expect(findUnknownKubernetesFields(copy)).toEqual([
      'PrometheusRule/gatehouse: /spec/groups/0/rules/0/expression is not a field of monitoring.coreos.com/v1 PrometheusRule',
    ]);
  }, 60_000);

  it('refuses a ServiceMonitor field of the wrong type', () => {
    const wrong = structuredClone(serviceMonitors[0]!) as unknown as {
      spec: { endpoints: Array<Record<string, unknown>> };
    };
    wrong.spec.endpoints[0]!.honorLabels = 'yes';
    expect(validateKubernetesObject(wrong as unknown as KubernetesObject)).toEqual([
      `ServiceMonitor/${serviceMonitors[0]!.metadata.name}: /spec/endpoints/0/honorLabels must be boolean`,
    ]);
  });
});
