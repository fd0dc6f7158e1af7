import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IService } from 'kubernetes-models/v1/Service';
import { GATEHOUSE_SERVICES } from './gatehouse-manifest-facts';
import {
  examplePath,
  exposureOf,
  INTERNAL_PATH_PREFIX,
  type GatehouseRoute,
} from './gatehouse-routes';
import {
  ingressBackends,
  ingressPathRules,
  routeIngressPath,
  winningIngressPath,
} from './ingress-routing';
import { deploymentsSelectedBy, objectsOfKind, resolveContainerPort } from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// Every reference between objects lands on something that exists: Services on Deployments'
// ports, the Ingress on Services (autoscalers and disruption budgets: kubernetes-scaling-
// conventions.ts); and the Ingress routes exactly the public routes the controllers declare
// (gatehouse-routes.ts).

function checkServices(
  services: readonly (IService & KubernetesObject)[],
  deployments: readonly IDeployment[],
): string[] {
  const problems: string[] = [];
  for (const service of services) {
    const where = describeObject(service);
    if (service.spec?.type !== undefined && service.spec.type !== 'ClusterIP')
      problems.push(`${where}: must be ClusterIP`);
    const selected = deploymentsSelectedBy(
      deployments,
      service.spec?.selector ? { matchLabels: service.spec.selector } : undefined,
    );
    if (selected.length !== 1) {
      problems.push(
        `${where}: selector must select the pods of exactly one Deployment, selects ${selected.length}`,
      );
      continue;
    }
    const [container] = selected[0].spec?.template.spec?.containers ?? [];
    for (const port of service.spec?.ports ?? []) {
      const target = port.targetPort ?? port.port;
      if (!container || resolveContainerPort(container, target) === undefined) {
        problems.push(
          `${where}: targetPort ${String(target)} is not a container port of Deployment/${selected[0].metadata?.name}`,
        );
      }
    }
  }
  for (const { name } of GATEHOUSE_SERVICES) {
    if (!services.some((service) => service.metadata.name === name))
      problems.push(`Service/${name}: missing`);
  }
  return problems;
}

function checkBackends(
  ingress: IIngress & KubernetesObject,
  services: readonly IService[],
): string[] {
  const problems: string[] = [];
  for (const backend of ingressBackends(ingress)) {
    const name = backend.service?.name;
    const service = services.find((candidate) => candidate.metadata?.name === name);
    if (!service) {
      problems.push(`${describeObject(ingress)}: backend Service '${String(name)}' does not exist`);
      continue;
    }
    const port = backend.service?.port;
    const hasPort = (service.spec?.ports ?? []).some((p) =>
      port?.name ? p.name === port.name : p.port === port?.number,
    );
    if (!hasPort)
      problems.push(
        `${describeObject(ingress)}: Service/${name} has no port ${String(port?.name ?? port?.number)}`,
      );
  }
  return problems;
}

/**
 * Every public route reaches the service that serves it; no internal or operations route is
 * routed at all; and every path rule wins at least one public route of its own backend, so no
 * rule exposes a service where it serves nothing public (`/internal` least of all).
 */
function checkRouting(
  ingress: IIngress & KubernetesObject,
  routes: readonly GatehouseRoute[],
): string[] {
  const where = describeObject(ingress);
  const misrouted = new Map<string, Set<string>>();
  const note = (expected: string, routed: string, path: string): void => {
    const key = `${expected} routes go to ${routed}`;
    misrouted.set(key, (misrouted.get(key) ?? new Set()).add(path));
  };
  for (const route of routes) {
    const routed =
      routeIngressPath(ingress, examplePath(route.path))?.service?.name ?? 'no backend';
    if (route.exposure === 'public' && routed !== route.service)
      note(route.service, routed, route.path);
    if (route.exposure !== 'public' && routed !== 'no backend')
      note(route.exposure, routed, route.path);
  }
  const problems = [...misrouted].map(
    ([what, paths]) => `${where}: ${what}: ${[...paths].sort().join(' ')}`,
  );
  for (const rule of ingressPathRules(ingress)) {
    const path = rule.path ?? '/';
    if (exposureOf(path) === 'internal')
      problems.push(`${where}: path ${path} is internal; ${INTERNAL_PATH_PREFIX} is never public`);
    const backend = rule.backend.service?.name;
    const wins = routes.some(
      (route) =>
        route.exposure === 'public' &&
        route.service === backend &&
        winningIngressPath(ingress, examplePath(route.path)) === rule,
    );
    if (!wins)
      problems.push(`${where}: path ${path} reaches no public route of ${String(backend)}`);
  }
  return problems;
}

function checkIngresses(
  ingresses: readonly (IIngress & KubernetesObject)[],
  services: readonly IService[],
  routes: readonly GatehouseRoute[],
): string[] {
  const [ingress] = ingresses;
  if (!ingress) return ['Ingress: missing'];
  return [
    ...ingresses.flatMap((each) => checkBackends(each, services)),
    ...checkRouting(ingress, routes),
  ];
}

/** Problems of the references between objects, and of the Ingress against `routes`; empty when all hold. */
export function checkReferenceConventions(
  objects: readonly KubernetesObject[],
  routes: readonly GatehouseRoute[],
): string[] {
  const deployments = objectsOfKind<IDeployment>(objects, 'Deployment');
  const services = objectsOfKind<IService>(objects, 'Service');
  return [
    ...checkServices(services, deployments),
    ...checkIngresses(objectsOfKind<IIngress>(objects, 'Ingress'), services, routes),
  ];
}
