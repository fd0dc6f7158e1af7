import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IService } from 'kubernetes-models/v1/Service';
import {
  baseMigrate,
  baseObjects,
  broken,
  containerOf,
  find,
  migrationProblemsOf,
  problemsOf,
} from './kubernetes-base-under-test';
import type { KubernetesObject } from './kubernetes-object';

describe('k8s/base conventions', () => {
  it('wires probes, ports, configuration, secrets, scaling, routing, isolation and RBAC as Gatehouse needs', () => {
    expect(problemsOf(baseObjects)).toEqual([]);
  });

  it.each<[string, (copy: KubernetesObject[]) => void, string[]]>([
    [
      "another process's image",
      (c) => {
        containerOf(c, 'delivery-worker').image = 'gatehouse-webhook-management:0.1.0';
      },
      [
        'Deployment/delivery-worker: image must be gatehouse-delivery-worker, the image of delivery-worker alone, not gatehouse-webhook-management:0.1.0',
      ],
    ],
    [
      'a readiness probe on the liveness path',
      (c) => {
        containerOf(c, 'auth').readinessProbe!.httpGet!.path = '/healthz';
      },
      ['Deployment/auth: readinessProbe path is /healthz, expected /readyz'],
    ],
    [
      'a liveness probe on a port the container does not serve',
      (c) => {
        containerOf(c, 'token-exchange').livenessProbe!.httpGet!.port = 3000;
      },
      ['Deployment/token-exchange: livenessProbe port 3000 is not container port 3001'],
    ],
    [
      'a container port that disagrees with PORT',
      (c) => {
        containerOf(c, 'webhook-management').ports![0].containerPort = 8080;
      },
      [
        "Deployment/webhook-management: container port 'http' must be 3002",
        'Deployment/webhook-management: livenessProbe port http is not container port 3002',
        'Deployment/webhook-management: readinessProbe port http is not container port 3002',
        'Deployment/webhook-management: startupProbe port http is not container port 3002',
      ],
    ],
    [
      'a Service targetPort no container serves',
      (c) => {
        find<IService>(c, 'Service', 'webhook-management').spec!.ports![0].targetPort = 8080;
      },
      [
        'Service/webhook-management: targetPort 8080 is not a container port of Deployment/webhook-management',
      ],
    ],
    [
      'an autoscaler aimed at a missing Deployment',
      (c) => {
        find<IHorizontalPodAutoscaler>(
          c,
          'HorizontalPodAutoscaler',
          'auth',
        ).spec!.scaleTargetRef.name = 'authentication';
      },
      [
        'HorizontalPodAutoscaler/auth: scaleTargetRef Deployment/authentication is not a Deployment here',
        'Deployment/auth: no HorizontalPodAutoscaler scales it',
        'PodDisruptionBudget/auth: minAvailable 1 leaves no pod of 1 evictable, so node drains block',
      ],
    ],
    [
      'replicas fixed on an autoscaled Deployment',
      (c) => {
        find<IDeployment>(c, 'Deployment', 'delivery-worker').spec!.replicas = 3;
      },
      ['Deployment/delivery-worker: sets replicas although ScaledObject/delivery-worker owns them'],
    ],
    [
      'a variable that is not Gatehouse configuration',
      (c) => {
        containerOf(c, 'auth').env!.push({ name: 'NODE_OPTIONS', value: '--inspect' });
      },
      ['Deployment/auth: env NODE_OPTIONS is not a Gatehouse configuration variable'],
    ],
    [
      "a thread pool that does not follow the container's CPU limit",
      (c) => {
        const variable = containerOf(c, 'auth').env!.find((v) => v.name === 'UV_THREADPOOL_SIZE')!;
        delete variable.valueFrom;
        variable.value = '4';
      },
      [
        'Deployment/auth: env UV_THREADPOOL_SIZE must come from resourceFieldRef limits.cpu of its own container',
      ],
    ],
    [
      'a required variable left out',
      (c) => {
        const container = containerOf(c, 'webhook-management');
        container.env = container.env!.filter((v) => v.name !== 'DATABASE_URL');
      },
      [
        'Deployment/webhook-management: webhook-management requires DATABASE_URL, which is not provided',
      ],
    ],
    [
      'a writable root filesystem',
      (c) => {
        containerOf(c, 'delivery-worker').securityContext!.readOnlyRootFilesystem = false;
      },
      ['Deployment/delivery-worker: must set securityContext.readOnlyRootFilesystem: true'],
    ],
    [
      'no time to drain',
      (c) => {
        find<IDeployment>(
          c,
          'Deployment',
          'auth',
        ).spec!.template.spec!.terminationGracePeriodSeconds = 12;
      },
      [
        'Deployment/auth: terminationGracePeriodSeconds must exceed the 10000 ms drain plus the preStop sleep',
      ],
    ],
    [
      "a Kafka password that is not the service's own user's",
      (c) => {
        containerOf(c, 'token-exchange').env!.find(
          (v) => v.name === 'GATEHOUSE_KAFKA_PASSWORD',
        )!.valueFrom!.secretKeyRef!.name = 'gatehouse-auth';
      },
      [
        'Deployment/token-exchange: env GATEHOUSE_KAFKA_PASSWORD must reference key password of the Secret named by GATEHOUSE_KAFKA_USERNAME (gatehouse-token-exchange)',
      ],
    ],
    [
      'the migration Job beside the services',
      (c) => {
        c.push(structuredClone(baseMigrate[0]));
      },
      [
        'Job/gatehouse-migrate: the migration runs from k8s/migrate, applied before the services, not beside them',
      ],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(problemsOf(broken(mutate))).toEqual(problems);
  });
});

describe('k8s/migrate conventions', () => {
  const job = (from: KubernetesObject[]) => find<IJob>(from, 'Job', 'gatehouse-migrate');

  it('runs the migration once per release and clears the finished Job away', () => {
    expect(migrationProblemsOf(baseMigrate)).toEqual([]);
    expect(job(baseMigrate as KubernetesObject[]).spec?.ttlSecondsAfterFinished).toBeGreaterThan(0);
  });

  it.each<[string, (copy: KubernetesObject[]) => void, string[]]>([
    [
      'a migration Job that does not migrate',
      (c) => {
        job(c).spec!.template.spec!.containers[0].command = [
          'node',
          'dist/apps/cli/src/main.js',
          'admin',
          'seed',
          '/seed/demo.yaml',
        ];
      },
      ['Job/gatehouse-migrate: command must be node dist/apps/cli/src/main.js admin migrate'],
    ],
    [
      "a migration Job in a service's image, which holds no CLI",
      (c) => {
        job(c).spec!.template.spec!.containers[0].image =
          'registry.example.com/gatehouse-auth:0.1.0';
      },
      [
        'Job/gatehouse-migrate: image must be gatehouse-cli, the image of cli alone, not registry.example.com/gatehouse-auth:0.1.0',
      ],
    ],
    [
      'a finished Job that stays forever',
      (c) => {
        delete job(c).spec!.ttlSecondsAfterFinished;
      },
      [
        'Job/gatehouse-migrate: set ttlSecondsAfterFinished, so finished Jobs of past releases go away',
      ],
    ],
    [
      'no migration Job',
      (c) => c.splice(0),
      ['Job: expected the migration Job alone, found nothing'],
    ],
  ])('names %s', (_case, mutate, problems) => {
    expect(migrationProblemsOf(broken(mutate, baseMigrate))).toEqual(problems);
  });
});
