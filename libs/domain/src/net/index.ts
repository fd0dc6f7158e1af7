export * from './ip-address';
export * from './special-use-address';
