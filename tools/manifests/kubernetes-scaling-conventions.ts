import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { ITriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { LagScaledConsumer } from './gatehouse-event-facts';
import { CONFIG_MAP_NAME, GATEHOUSE_SERVICES } from './gatehouse-manifest-facts';
import { deploymentsSelectedBy, objectsOfKind } from './kubernetes-lookup';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// Who owns each Deployment's replicas, and whether a node drain can still evict one of its pods:
// a HorizontalPodAutoscaler on CPU, a KEDA ScaledObject on the Kafka lag of the delivery workers'
// group (never both: two controllers would fight over the same replica count), or a replica
// count of the manifests. A lag-scaled Deployment never runs more consumers than its topic has
// partitions, which would leave the extra ones idle.

export interface ScalingFacts {
  /** The group and topic the kafka trigger must watch (gatehouse-event-facts.ts). */
  lagScaledConsumer: LagScaledConsumer;
  /** Partitions of each topic, from the KafkaTopics rendered beside these objects. */
  partitionsByTopic: ReadonlyMap<string, number>;
}

type Scaler = { where: string; target: string | undefined; minReplicas: number };

function hpaScalers(
  objects: readonly KubernetesObject[],
  deployments: readonly (IDeployment & KubernetesObject)[],
  problems: string[],
): Scaler[] {
  return objectsOfKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler').map(
    (autoscaler) => {
      const where = describeObject(autoscaler);
      const target = autoscaler.spec?.scaleTargetRef;
      const found =
        target?.kind === 'Deployment' &&
        target.apiVersion === 'apps/v1' &&
        deployments.some((d) => d.metadata.name === target.name);
      if (!found)
        problems.push(
          `${where}: scaleTargetRef ${String(target?.kind)}/${String(target?.name)} is not a Deployment here`,
        );
      return {
        where,
        target: found ? target.name : undefined,
        minReplicas: autoscaler.spec?.minReplicas ?? 1,
      };
    },
  );
}

function kafkaTriggerProblems(
  where: string,
  scaledObject: IScaledObject,
  facts: ScalingFacts,
  deployment: IDeployment | undefined,
  objects: readonly KubernetesObject[],
): string[] {
  const { consumerGroup, topic } = facts.lagScaledConsumer;
  const triggers = (scaledObject.spec.triggers ?? []).filter((trigger) => trigger.type === 'kafka');
  const watching = triggers.find(
    (trigger) =>
      trigger.metadata.consumerGroup === consumerGroup && trigger.metadata.topic === topic,
  );
  if (!watching)
    return [`${where}: no kafka trigger on consumer group ${consumerGroup} and topic ${topic}`];
  const problems: string[] = [];
  const fromEnv = watching.metadata.bootstrapServersFromEnv;
  const [container] = deployment?.spec?.template.spec?.containers ?? [];
  const configMap = objectsOfKind<IConfigMap>(objects, 'ConfigMap').find(
    (c) => c.metadata.name === CONFIG_MAP_NAME,
  );
  const takesConfigMap = (container?.envFrom ?? []).some(
    (source) => source.configMapRef?.name === CONFIG_MAP_NAME,
  );
  const brokers = fromEnv
    ? takesConfigMap
      ? configMap?.data?.[fromEnv]
      : undefined
    : watching.metadata.bootstrapServers;
  if (fromEnv !== undefined && fromEnv !== 'KAFKA_BROKERS')
    problems.push(
      `${where}: bootstrapServersFromEnv must be KAFKA_BROKERS, the worker's own brokers`,
    );
  else if (!brokers)
    problems.push(`${where}: the kafka trigger names no brokers the worker's container has`);
  const threshold = Number(watching.metadata.lagThreshold);
  if (!Number.isInteger(threshold) || threshold < 1)
    problems.push(`${where}: lagThreshold must be a positive whole number of messages`);
  if (watching.metadata.allowIdleConsumers === 'true')
    problems.push(`${where}: allowIdleConsumers lets it run more workers than partitions`);
  problems.push(...triggerAuthenticationProblems(where, watching.authenticationRef, objects));
  const partitions = facts.partitionsByTopic.get(topic);
  const max = scaledObject.spec.maxReplicaCount ?? 100;
  if (partitions === undefined)
    problems.push(`${where}: topic ${topic} has no KafkaTopic with partitions`);
  else if (max > partitions)
    problems.push(
      `${where}: maxReplicaCount ${max} exceeds the ${partitions} partitions of ${topic}`,
    );
  return problems;
}

/** What KEDA's kafka scaler needs to sign in to a secured cluster: SASL and TLS, each from a Secret. */
const KAFKA_TRIGGER_PARAMETERS = ['sasl', 'username', 'password', 'tls', 'ca'];

function triggerAuthenticationProblems(
  where: string,
  reference: { kind?: string; name: string } | undefined,
  objects: readonly KubernetesObject[],
): string[] {
  if (!reference)
    return [
      `${where}: the kafka trigger has no authenticationRef; KEDA would read the lag anonymously and in the clear`,
    ];
  const authentication = objectsOfKind<ITriggerAuthentication>(
    objects,
    'TriggerAuthentication',
  ).find((a) => a.metadata.name === reference.name);
  if ((reference.kind ?? 'TriggerAuthentication') !== 'TriggerAuthentication' || !authentication) {
    return [
      `${where}: authenticationRef ${reference.kind ?? 'TriggerAuthentication'}/${reference.name} is not a TriggerAuthentication here`,
    ];
  }
  const fromSecrets = new Set(
    (authentication.spec.secretTargetRef ?? []).map((ref) => ref.parameter),
  );
  const missing = KAFKA_TRIGGER_PARAMETERS.filter((parameter) => !fromSecrets.has(parameter));
  return missing.length > 0
    ? [`${describeObject(authentication)}: takes no ${missing.join(', ')} from a Secret`]
    : [];
}

function scaledObjectScalers(
  objects: readonly KubernetesObject[],
  deployments: readonly (IDeployment & KubernetesObject)[],
  facts: ScalingFacts,
  problems: string[],
): Scaler[] {
  return objectsOfKind<IScaledObject>(objects, 'ScaledObject').map((scaledObject) => {
    const where = describeObject(scaledObject);
    const target = scaledObject.spec.scaleTargetRef;
    const kind = target.kind ?? 'Deployment';
    const apiVersion = target.apiVersion ?? 'apps/v1';
    const deployment = deployments.find((d) => d.metadata.name === target.name);
    const found = kind === 'Deployment' && apiVersion === 'apps/v1' && deployment !== undefined;
    if (!found)
      problems.push(`${where}: scaleTargetRef ${kind}/${target.name} is not a Deployment here`);
    const minReplicas = scaledObject.spec.minReplicaCount ?? 0;
    if (minReplicas > (scaledObject.spec.maxReplicaCount ?? 100))
      problems.push(`${where}: minReplicaCount exceeds maxReplicaCount`);
    problems.push(...kafkaTriggerProblems(where, scaledObject, facts, deployment, objects));
    return { where, target: found ? target.name : undefined, minReplicas };
  });
}

function checkOwnership(
  deployments: readonly (IDeployment & KubernetesObject)[],
  hpas: Scaler[],
  scaledObjects: Scaler[],
): string[] {
  const problems: string[] = [];
  for (const deployment of deployments) {
    const name = deployment.metadata.name;
    const owners = [...hpas, ...scaledObjects].filter((scaler) => scaler.target === name);
    if (owners.length > 1)
      problems.push(
        `${describeObject(deployment)}: scaled by ${owners.map((o) => o.where).join(' and ')}; keep one`,
      );
    if (owners.length > 0 && deployment.spec?.replicas !== undefined) {
      problems.push(
        `${describeObject(deployment)}: sets replicas although ${owners[0].where} owns them`,
      );
    }
  }
  for (const service of GATEHOUSE_SERVICES) {
    if (!deployments.some((d) => d.metadata.name === service.name)) continue;
    if (service.scaling === 'cpu' && !hpas.some((s) => s.target === service.name)) {
      problems.push(`Deployment/${service.name}: no HorizontalPodAutoscaler scales it`);
    }
    if (service.scaling === 'kafka-lag' && !scaledObjects.some((s) => s.target === service.name)) {
      problems.push(`Deployment/${service.name}: no ScaledObject scales it on Kafka lag`);
    }
    if (service.scaling !== 'cpu' && hpas.some((s) => s.target === service.name)) {
      problems.push(
        `Deployment/${service.name}: is scaled on ${service.scaling === 'kafka-lag' ? 'Kafka lag' : 'a fixed count'}, not by a HorizontalPodAutoscaler`,
      );
    }
  }
  return problems;
}

function checkDisruptionBudgets(
  objects: readonly KubernetesObject[],
  deployments: readonly (IDeployment & KubernetesObject)[],
  scalers: Scaler[],
): string[] {
  const problems: string[] = [];
  const minimumReplicas = new Map(deployments.map((d) => [d.metadata.name, d.spec?.replicas ?? 1]));
  for (const scaler of scalers)
    if (scaler.target) minimumReplicas.set(scaler.target, scaler.minReplicas);
  const budgets = objectsOfKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');
  for (const budget of budgets) {
    const where = describeObject(budget);
    const selected = deploymentsSelectedBy(deployments, budget.spec?.selector);
    if (selected.length !== 1) {
      problems.push(
        `${where}: selector must select the pods of exactly one Deployment, selects ${selected.length}`,
      );
      continue;
    }
    const minAvailable = budget.spec?.minAvailable;
    const replicas = minimumReplicas.get(selected[0].metadata?.name ?? '') ?? 1;
    if (typeof minAvailable === 'number' && minAvailable >= replicas) {
      problems.push(
        `${where}: minAvailable ${minAvailable} leaves no pod of ${replicas} evictable, so node drains block`,
      );
    }
  }
  for (const { name } of GATEHOUSE_SERVICES) {
    const deployment = deployments.find((d) => d.metadata.name === name);
    if (
      deployment &&
      !budgets.some(
        (budget) => deploymentsSelectedBy([deployment], budget.spec?.selector).length === 1,
      )
    ) {
      problems.push(`PodDisruptionBudget: none covers Deployment/${name}`);
    }
  }
  return problems;
}

/** Problems of autoscalers, ScaledObjects and disruption budgets; empty when all hold. */
export function checkScalingConventions(
  objects: readonly KubernetesObject[],
  facts: ScalingFacts,
): string[] {
  const problems: string[] = [];
  const deployments = objectsOfKind<IDeployment>(objects, 'Deployment');
  const hpas = hpaScalers(objects, deployments, problems);
  const scaledObjects = scaledObjectScalers(objects, deployments, facts, problems);
  return [
    ...problems,
    ...checkOwnership(deployments, hpas, scaledObjects),
    ...checkDisruptionBudgets(objects, deployments, [...hpas, ...scaledObjects]),
  ];
}
