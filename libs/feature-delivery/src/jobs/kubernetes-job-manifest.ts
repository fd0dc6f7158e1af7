import type { V1EnvVar, V1Job, V1ObjectMeta, V1Secret } from '@kubernetes/client-node';
import { JobLaunchError, JobLaunchRequest } from './ports/job-launcher';

export interface KubernetesJobSettings {
  namespace: string;
  /** Image for Jobs whose spec names none (e.g. Space-based Jobs); without it such Jobs fail. */
  defaultImage?: string;
  serviceAccountName?: string;
  /** Finished Jobs (and their Secret, through the owner reference) are removed after this. */
  ttlSecondsAfterFinished: number;
}

export const DEFAULT_KUBERNETES_JOB_SETTINGS: KubernetesJobSettings = {
  namespace: 'default',
  ttlSecondsAfterFinished: 86_400,
};

const LABEL_NAME =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const LABEL_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

/** One name per delivery attempt (≤ 63 characters), so re-creating after a crash finds the Job already there. */
export function kubernetesJobName(deliveryId: string, attemptNo: number): string {
  return `gatehouse-webhook-${deliveryId}-${attemptNo}`.toLowerCase();
}

function labelsOf(request: JobLaunchRequest): Record<string, string> {
  const own = Object.entries(request.spec.labels ?? {}).filter(
    ([name, value]) =>
      LABEL_NAME.test(name) && LABEL_VALUE.test(value) && !name.startsWith('gatehouse.dev/'),
  );
  return {
    ...Object.fromEntries(own),
    'app.kubernetes.io/managed-by': 'gatehouse',
    'app.kubernetes.io/component': 'webhook-job',
    'gatehouse.dev/webhook-id': request.webhookId,
    'gatehouse.dev/delivery-id': request.deliveryId,
  };
}

function envList(variables: Record<string, string>): V1EnvVar[] {
  return Object.keys(variables)
    .sort()
    .map((name) => ({ name, value: variables[name]! }));
}

/**
 * The `batch/v1` Job of one Job webhook delivery attempt, and the Secret holding its secret
 * variables (WEBHOOK_SECRET and the webhook's `secrets`), read by the pod with `envFrom` so that
 * no secret value sits in the Job object. The pod runs once (`backoffLimit: 0`, `restartPolicy:
 * Never`; a failed run is the Job's business, not a failed delivery), within the spec's timeout
 * (`activeDeadlineSeconds`), without the service account token (a Job gets no cluster access).
 * The launcher adds the Secret's owner reference to the Job once the Job exists.
 */
export function buildKubernetesJob(
  request: JobLaunchRequest,
  settings: KubernetesJobSettings,
): { job: V1Job; secret: V1Secret | null } {
  const image = request.spec.dockerImage ?? settings.defaultImage;
  if (!image)
    throw new JobLaunchError(
      'the Job names no docker image and the launcher has no default image',
      true,
    );
  if (request.spec.command.length === 0) throw new JobLaunchError('the Job has no command', true);
  const name = kubernetesJobName(request.deliveryId, request.attemptNo);
  const labels = labelsOf(request);
  const metadata: V1ObjectMeta = {
    name,
    namespace: settings.namespace,
    labels,
    annotations: { 'gatehouse.dev/attempt': String(request.attemptNo) },
  };
  const hasSecrets = Object.keys(request.secretEnvironment).length > 0;
  const secretName = `${name}-env`;

  const job: V1Job = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata,
    spec: {
      backoffLimit: 0,
      ttlSecondsAfterFinished: settings.ttlSecondsAfterFinished,
      ...(request.spec.timeoutSeconds
        ? { activeDeadlineSeconds: request.spec.timeoutSeconds }
        : {}),
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          ...(settings.serviceAccountName
            ? { serviceAccountName: settings.serviceAccountName }
            : {}),
          containers: [
            {
              name: 'job',
              image,
              command: [...request.spec.command],
              ...(request.spec.arguments?.length ? { args: [...request.spec.arguments] } : {}),
              env: envList(request.environment),
              ...(hasSecrets ? { envFrom: [{ secretRef: { name: secretName } }] } : {}),
            },
          ],
        },
      },
    },
  };
  const secret: V1Secret | null = hasSecrets
    ? {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: secretName, namespace: settings.namespace, labels },
        type: 'Opaque',
        stringData: { ...request.secretEnvironment },
      }
    : null;
  return { job, secret };
}

/** The Secret, garbage-collected with its Job. */
export function ownedBy(secret: V1Secret, job: V1Job): V1Secret {
  const { name, uid } = job.metadata ?? {};
  if (!name || !uid) return secret;
  return {
    ...secret,
    metadata: {
      ...secret.metadata,
      ownerReferences: [
        {
          apiVersion: 'batch/v1',
          kind: 'Job',
          name,
          uid,
          controller: false,
          blockOwnerDeletion: false,
        },
      ],
    },
  };
}
