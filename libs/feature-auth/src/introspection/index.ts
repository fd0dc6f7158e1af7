export * from './introspection.module';
export * from './introspection.service';
