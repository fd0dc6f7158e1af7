export * from './refresh.module';
export * from './refresh-token.grant';
export * from './narrow-refresh-scopes';
