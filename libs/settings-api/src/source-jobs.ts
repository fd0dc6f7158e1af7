/** One of the caller's Jobs, as the webhook form offers it for a Job webhook: never its secrets. */
export interface SourceJobView {
  id: string;
  /** The image it runs, or null when it runs a Space. */
  dockerImage: string | null;
  /** The Space it runs, or null when it runs an image. */
  spaceId: string | null;
  command: string[];
}

/** `GET /api/settings/webhooks/source-jobs`: the caller's Jobs, newest first. */
export interface SourceJobsPage {
  jobs: SourceJobView[];
  /**
   * Whether the delivery worker starts Jobs on this server (GATEHOUSE_JOB_LAUNCHER is not
   * `disabled`); when false the form says so and offers no Job target.
   */
  jobsEnabled: boolean;
}
