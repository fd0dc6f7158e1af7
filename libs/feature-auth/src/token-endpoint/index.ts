export { AuthTokenModules } from './auth-token-modules';
