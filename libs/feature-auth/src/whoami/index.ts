export * from './whoami.module';
export * from './whoami.service';
