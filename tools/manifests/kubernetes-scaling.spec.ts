import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { ITriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import type { IKafkaTopic } from '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1/KafkaTopic';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { baseObjects, baseTopics, broken, find, problemsOf } from './kubernetes-base-under-test';
import type { KubernetesObject } from './kubernetes-object';
import { validateKubernetesObject } from './kubernetes-schema-validator';
import { findUnknownKubernetesFields } from './kubernetes-unknown-fields';

// The delivery worker scales on the Kafka lag of its consumer group (a KEDA ScaledObject), the
// other services on CPU or a fixed count.

const scaledObject = (from: KubernetesObject[]): IScaledObject & KubernetesObject =>
  find<IScaledObject & KubernetesObject>(from, 'ScaledObject', 'delivery-worker');
const kafkaTrigger = (from: KubernetesObject[]) => scaledObject(from).spec.triggers[0];

describe('delivery-worker scaling (KEDA)', () => {
  it('watches the consumer group and topic the worker uses, with at most one worker per partition', () => {
    const spec = scaledObject(baseObjects).spec;
    const partitions = find<IKafkaTopic>(baseTopics, 'KafkaTopic', 'gatehouse.repo-events.v1').spec
      .partitions!;

    expect(spec.triggers).toEqual([
      expect.objectContaining({
        type: 'kafka',
        metadata: expect.objectContaining({
          consumerGroup: 'gatehouse-delivery-worker',
          topic: 'gatehouse.repo-events.v1',
          bootstrapServersFromEnv: 'KAFKA_BROKERS',
        }),
      }),
    ]);
    expect(spec.maxReplicaCount).toBeLessThanOrEqual(partitions);
    expect(
      baseObjects
        .filter((o) => o.kind === 'HorizontalPodAutoscaler')
        .map((o) => o.metadata.name)
        .sort(),
    ).toEqual(['auth', 'token-exchange']);
  });

  it('refuses a ScaledObject with a value of the wrong type, or without triggers, against the KEDA CRD schema', () => {
    const copy = structuredClone(scaledObject(baseObjects));
    (copy.spec as { maxReplicaCount: unknown }).maxReplicaCount = '12';
    (copy.spec.triggers[0].metadata as Record<string, unknown>).lagThreshold = 500;

    expect(validateKubernetesObject(copy)).toEqual([
      'ScaledObject/delivery-worker: /spec/maxReplicaCount must be integer',
      'ScaledObject/delivery-worker: /spec/triggers/0/metadata/lagThreshold must be string',
    ]);
    delete (copy.spec as Partial<IScaledObject['spec']>).triggers;
    expect(validateKubernetesObject(copy)).toContain(
      'ScaledObject/delivery-worker: /spec must have required property triggers',
    );
  });

  it('names a misspelt ScaledObject field', () => {
    const copy = structuredClone(scaledObject(baseObjects)) as unknown as {
      spec: Record<string, unknown>;
    } & KubernetesObject;
    copy.spec.maxReplicas = copy.spec.maxReplicaCount;
    delete copy.spec.maxReplicaCount;

    expect(findUnknownKubernetesFields([copy])).toEqual([
      'ScaledObject/delivery-worker: /spec/maxReplicas is not a field of keda.sh/v1alpha1 ScaledObject',
    ]);
  }, 60_000);

  it.each<[string, (copy: KubernetesObject[]) => void, string[]]>([
    [
      'a trigger on another consumer group',
      (c) => {
        kafkaTrigger(c).metadata.consumerGroup = 'delivery-worker';
      },
      [
        'ScaledObject/delivery-worker: no kafka trigger on consumer group gatehouse-delivery-worker and topic gatehouse.repo-events.v1',
        "KafkaUser/gatehouse-keda: lacks Describe on group delivery-worker, which KEDA's lag check needs",
        "KafkaUser/gatehouse-keda: grants Describe on group gatehouse-delivery-worker, which KEDA's lag check does not need",
      ],
    ],
    [
      'more workers than partitions',
      (c) => {
        scaledObject(c).spec.maxReplicaCount = 20;
      },
      [
        'ScaledObject/delivery-worker: maxReplicaCount 20 exceeds the 12 partitions of gatehouse.repo-events.v1',
      ],
    ],
    [
      'idle consumers allowed',
      (c) => {
        kafkaTrigger(c).metadata.allowIdleConsumers = 'true';
      },
      ['ScaledObject/delivery-worker: allowIdleConsumers lets it run more workers than partitions'],
    ],
    [
      'brokers read from a variable the worker does not have',
      (c) => {
        kafkaTrigger(c).metadata.bootstrapServersFromEnv = 'KAFKA_BOOTSTRAP';
      },
      [
        "ScaledObject/delivery-worker: bootstrapServersFromEnv must be KAFKA_BROKERS, the worker's own brokers",
      ],
    ],
    [
      'a trigger that reads the lag anonymously',
      (c) => {
        delete kafkaTrigger(c).authenticationRef;
      },
      [
        'ScaledObject/delivery-worker: the kafka trigger has no authenticationRef; KEDA would read the lag anonymously and in the clear',
      ],
    ],
    [
      'a trigger authentication without TLS or its CA',
      (c) => {
        const authentication = find<ITriggerAuthentication>(
          c,
          'TriggerAuthentication',
          'delivery-worker-kafka',
        );
        authentication.spec.secretTargetRef = authentication.spec.secretTargetRef!.filter(
          (ref) => ref.parameter !== 'tls' && ref.parameter !== 'ca',
        );
      },
      ['TriggerAuthentication/delivery-worker-kafka: takes no tls, ca from a Secret'],
    ],
    [
      'a trigger pointing at a TriggerAuthentication that is not there',
      (c) => {
        kafkaTrigger(c).authenticationRef = { name: 'kafka-credentials' };
      },
      [
        'ScaledObject/delivery-worker: authenticationRef TriggerAuthentication/kafka-credentials is not a TriggerAuthentication here',
      ],
    ],
    [
      'a lag threshold that is not a count',
      (c) => {
        kafkaTrigger(c).metadata.lagThreshold = '2s';
      },
      ['ScaledObject/delivery-worker: lagThreshold must be a positive whole number of messages'],
    ],
    [
      'a CPU autoscaler beside the ScaledObject',
      (c) => {
        const hpa = structuredClone(
          find<IHorizontalPodAutoscaler & KubernetesObject>(c, 'HorizontalPodAutoscaler', 'auth'),
        );
        hpa.metadata.name = 'delivery-worker';
        hpa.spec!.scaleTargetRef.name = 'delivery-worker';
        c.push(hpa);
      },
      [
        'Deployment/delivery-worker: scaled by HorizontalPodAutoscaler/delivery-worker and ScaledObject/delivery-worker; keep one',
        'Deployment/delivery-worker: is scaled on Kafka lag, not by a HorizontalPodAutoscaler',
      ],
    ],
    [
      'no ScaledObject for the worker',
      (c) => {
        c.splice(c.indexOf(scaledObject(c)), 1);
      },
      [
        'Deployment/delivery-worker: no ScaledObject scales it on Kafka lag',
        'PodDisruptionBudget/delivery-worker: minAvailable 1 leaves no pod of 1 evictable, so node drains block',
        'KafkaUser/gatehouse-keda: no Gatehouse process signs in as it',
      ],
    ],
    [
      'a ScaledObject whose floor blocks node drains',
      (c) => {
        scaledObject(c).spec.minReplicaCount = 1;
      },
      [
        'PodDisruptionBudget/delivery-worker: minAvailable 1 leaves no pod of 1 evictable, so node drains block',
      ],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(problemsOf(broken(mutate))).toEqual(problems);
  });

  it('names a worker allowed more replicas than the topic beside it has partitions', () => {
    const fewerPartitions = broken((c) => {
      find<IKafkaTopic>(c, 'KafkaTopic', 'gatehouse.repo-events.v1').spec.partitions = 6;
    }, baseTopics);

    expect(problemsOf(baseObjects, { topics: fewerPartitions })).toEqual([
      'ScaledObject/delivery-worker: maxReplicaCount 12 exceeds the 6 partitions of gatehouse.repo-events.v1',
    ]);
  });
});
