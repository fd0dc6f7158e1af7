export * from './delivery-replay.event';
export * from './webhook-secret-context';
