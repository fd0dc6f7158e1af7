export * from './seed-error';
export * from './seed-schema';
export * from './load-seed-file';
export * from './seed-deps';
export * from './seed-report';
export * from './apply-seed';
