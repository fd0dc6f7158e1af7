export * from './body-error';
export * from './watched-item';
export * from './webhook-domain';
export * from './webhook-url';
export * from './job-secrets';
export * from './webhook-input';
export * from './webhook-view';
export * from './repo-change-event';
