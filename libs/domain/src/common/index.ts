export * from './oauth-errors';
export * from './api-errors';
export * from './object-id';
export * from './clock';
