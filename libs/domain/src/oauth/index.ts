export * from './scopes';
export * from './uri-components';
export * from './redirect-uri-matcher';
export * from './pkce';
export * from './token-format';
export * from './token-lifetime';
export * from './user-code';
export * from './device-poll';
