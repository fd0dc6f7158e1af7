export * from './userinfo.module';
export * from './userinfo.service';
