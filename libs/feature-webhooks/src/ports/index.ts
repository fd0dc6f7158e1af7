export * from './webhook-repository';
export * from './source-job-reader';
export * from './delivery-activity-reader';
export * from './host-resolver';
export * from './id-generator';
