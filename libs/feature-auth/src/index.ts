export { AuthModule, authModuleOptionsOf } from './auth.module';
export { rotateSigningKeys } from './keys/infrastructure/rotate-signing-keys';
export { AUTH_OPENAPI } from './auth-openapi';
