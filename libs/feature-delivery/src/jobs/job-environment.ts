import {
  controlsProgramExecution,
  JOB_TOKEN_ENV_NAME,
  type JobSpecRecord,
  RESERVED_JOB_ENV_NAMES,
} from '@gatehouse/domain';
import { JobLaunchError } from './ports/job-launcher';

export interface JobEnvironmentInput {
  spec: JobSpecRecord;
  /** The payload v3 JSON, exactly the body a URL webhook would get. */
  payloadBody: string;
  /** The payload's repo: `name` is `owner/name`. */
  repo: { name: string; type: string };
  /** The webhook's secret, or null. */
  webhookSecret: string | null;
  /** The webhook's Job secrets, opened. */
  webhookSecrets: Readonly<Record<string, string>>;
  /** The delivery attempt's trace context, while tracing: the Job's TRACEPARENT. */
  traceparent?: string;
  /** The token minted for this launch when the webhook asks for one (`jobToken`), else null. */
  jobToken?: string | null;
}

/**
 * A Job webhook's variables (libs/feature-webhooks/README.md, hub-docs `jobs-webhooks.md`): the source Job's plain
 * environment, the webhook's `secrets`, and WEBHOOK_PAYLOAD, WEBHOOK_REPO_ID, WEBHOOK_REPO_TYPE
 * and WEBHOOK_SECRET (when set), which nothing can shadow, and TRACEPARENT (W3C trace context of
 * the delivery attempt) while tracing. A minted Job token is HF_TOKEN, a secret variable that
 * shadows any HF_TOKEN of the spec or the webhook's secrets. The source Job's own secrets are never
 * part of it: they are not in the snapshot this reads. A secret whose name
 * changes how programs load or run (refused by webhook-management, but possibly stored before that
 * rule) stops the launch for good: JobLaunchError.
 */
export function jobEnvironment(input: JobEnvironmentInput): {
  environment: Record<string, string>;
  secretEnvironment: Record<string, string>;
} {
  const environment: Record<string, string> = {};
  const jobToken = input.jobToken ?? null;
  const shadowed = (name: string) =>
    RESERVED_JOB_ENV_NAMES.includes(name) || (jobToken !== null && name === JOB_TOKEN_ENV_NAME);
  for (const [name, value] of Object.entries(input.spec.environment ?? {})) {
    if (!shadowed(name) && !Object.hasOwn(input.webhookSecrets, name)) environment[name] = value;
  }
  environment.WEBHOOK_PAYLOAD = input.payloadBody;
  // `owner/name`, what Job scripts pass to HfApi as `repo_id` (docs/hf-clients.md "Job webhooks").
  environment.WEBHOOK_REPO_ID = input.repo.name;
  environment.WEBHOOK_REPO_TYPE = input.repo.type;
  if (input.traceparent !== undefined) environment.TRACEPARENT = input.traceparent;

  const refused = Object.keys(input.webhookSecrets).find(controlsProgramExecution);
  if (refused)
    throw new JobLaunchError(
      `the webhook secret ${refused} changes how programs load or run; remove it from the webhook`,
      true,
    );
  const secretEnvironment: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.webhookSecrets)) {
    if (!shadowed(name)) secretEnvironment[name] = value;
  }
  if (input.webhookSecret !== null) secretEnvironment.WEBHOOK_SECRET = input.webhookSecret;
  if (jobToken !== null) secretEnvironment[JOB_TOKEN_ENV_NAME] = jobToken;
  return { environment, secretEnvironment };
}
