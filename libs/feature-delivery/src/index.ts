// Contracts for producers and consumers of the delivery pipeline's topics.

// The delivery worker.
export { DeliveryModule, DELIVERY_OPTIONS } from './delivery.module';
export * from './delivery-module-options';
export { DeliveryPipeline, type DeliveryTopics } from './delivery-pipeline';
export { DeliveryMetrics } from './metrics/delivery-metrics';

// Ports a deployment or a test may replace.
export { JobLauncher, JobLaunchError, type JobLaunchRequest, type LaunchedJob, type JobRunExit } from './jobs/job-launcher';
export { LocalProcessJobLauncher } from './jobs/local-process-job-launcher';
export { DisabledJobLauncher } from './jobs/disabled-job-launcher';
export { KubernetesJobLauncher } from './jobs/kubernetes-job-launcher';
export { buildKubernetesJob, kubernetesJobName, type KubernetesJobSettings } from './jobs/kubernetes-job-manifest';
export type { KubernetesJobsApi } from './jobs/kubernetes-jobs-api';
export { HttpDeliverySender } from './http/http-delivery-sender';

// POST /internal/events, mounted by webhook-management and the all-in-one.
export { EventIngestionModule, type EventIngestionModuleOptions } from './ingestion/event-ingestion.module';
export { parseIngestionBody, MAX_EVENTS_PER_REQUEST } from './ingestion/ingestion-body';
