export * from './keys.module';
export * from './rotate-signing-keys';
