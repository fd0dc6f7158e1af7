export * from './device-flow.module';
export * from './device-flow-options';
export * from './device-authorization.service';
export * from './device-code.grant';
export * from './device-intent';
