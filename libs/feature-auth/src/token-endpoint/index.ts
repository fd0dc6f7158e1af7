export * from './token-endpoint.module';
export * from './token-endpoint.service';
export * from './token-request-params';
export * from './auth-token-modules';
