export * from './repo-changed.event';
export * from './delivery-dead-lettered.event';
