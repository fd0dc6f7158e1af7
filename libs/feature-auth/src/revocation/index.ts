export * from './revocation.module';
export * from './revocation.service';
