import type { JobSpecRecord } from '@gatehouse/domain';

export interface JobLaunchRequest {
  deliveryId: string;
  webhookId: string;
  attemptNo: number;
  /** The webhook's Job spec, snapshotted from its source Job (never holding that Job's secrets). */
  spec: JobSpecRecord;
  /** Plain variables: the spec's environment plus WEBHOOK_PAYLOAD, WEBHOOK_REPO_ID, WEBHOOK_REPO_TYPE. */
  environment: Record<string, string>;
  /**
   * Secret variables: WEBHOOK_SECRET (when the webhook has one), the webhook's Job secrets and
   * HF_TOKEN (when the webhook asks for a Job token). Launchers never log them.
   */
  secretEnvironment: Record<string, string>;
}

export interface JobRunExit {
  status: 'succeeded' | 'failed';
  exitCode: number | null;
}

export interface LaunchedJob {
  /** Recorded in `job_runs.launcher`. */
  launcher: string;
  /** The launcher's own name for the run (a pid, `namespace/name`). */
  externalId: string;
  /** Settles when the run ends, for launchers that follow their runs (local processes). */
  exit?: Promise<JobRunExit>;
}

/** A Job could not be started. `permanent`: trying again cannot help (bad spec, missing program). */
export class JobLaunchError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'JobLaunchError';
  }
}

/** Starts the Job of a Job webhook's delivery (libs/feature-delivery/README.md). */
export abstract class JobLauncher {
  abstract readonly name: string;
  /** Resolves once the Job is started (or created); rejects with JobLaunchError. */
  abstract launch(request: JobLaunchRequest): Promise<LaunchedJob>;
}
