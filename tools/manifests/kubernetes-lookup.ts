import type { ILabelSelector } from '@kubernetes-models/apimachinery/apis/meta/v1/LabelSelector';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { KubernetesObject } from './kubernetes-object';

// Small queries over a rendered set of objects, shared by the convention checks.

export function objectsOfKind<T>(
  objects: readonly KubernetesObject[],
  kind: string,
): Array<T & KubernetesObject> {
  return objects.filter((object) => object.kind === kind) as Array<T & KubernetesObject>;
}

/** Label selector semantics of the Kubernetes API (matchLabels AND matchExpressions). */
export function selectorMatches(
  selector: ILabelSelector | undefined,
  labels: Record<string, string> | undefined,
): boolean {
  if (!selector) return false;
  const present = labels ?? {};
  const matchLabels = Object.entries(selector.matchLabels ?? {}).every(
    ([key, value]) => present[key] === value,
  );
  const matchExpressions = (selector.matchExpressions ?? []).every((requirement) => {
    const value = present[requirement.key];
    switch (requirement.operator) {
      case 'In':
        return value !== undefined && (requirement.values ?? []).includes(value);
      case 'NotIn':
        return value === undefined || !(requirement.values ?? []).includes(value);
      case 'Exists':
        return value !== undefined;
      case 'DoesNotExist':
        return value === undefined;
      default:
        return false;
    }
  });
  return matchLabels && matchExpressions;
}

export function podLabels(deployment: IDeployment): Record<string, string> {
  return deployment.spec?.template.metadata?.labels ?? {};
}

export function deploymentsSelectedBy(
  deployments: readonly IDeployment[],
  selector: ILabelSelector | undefined,
): IDeployment[] {
  return deployments.filter((deployment) => selectorMatches(selector, podLabels(deployment)));
}

/** The container port a Service targetPort or probe port (number or port name) lands on. */
export function resolveContainerPort(
  container: IContainer,
  port: number | string | undefined,
): number | undefined {
  if (typeof port === 'number')
    return (container.ports ?? []).some((p) => p.containerPort === port) ? port : undefined;
  return (container.ports ?? []).find((p) => p.name === port)?.containerPort;
}

export function literalEnvValue(container: IContainer, name: string): string | undefined {
  return (container.env ?? []).find((variable) => variable.name === name)?.value;
}
