export * from './object-id';
export * from './random-token';
export * from './token-hash';
export * from './password-hash';
export * from './secret-box';
export * from './secret-box.error';
