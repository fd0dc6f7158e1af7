export { AuthModule, authModuleOptionsOf } from './auth.module';
export { rotateSigningKeys } from './keys';
