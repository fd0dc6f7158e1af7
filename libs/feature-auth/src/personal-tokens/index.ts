export * from './personal-tokens.module';
export * from './personal-tokens.service';
export * from './personal-token.store';
