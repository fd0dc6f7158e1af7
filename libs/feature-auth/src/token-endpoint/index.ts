export { TokenEndpointModule } from './token-endpoint.module';
export { AuthTokenModules } from './auth-token-modules';
