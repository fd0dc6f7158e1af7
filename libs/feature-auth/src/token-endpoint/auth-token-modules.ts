import { AuthDiscoveryModule } from '../discovery/discovery.module';
import { IntrospectionModule } from '../introspection/introspection.module';
import { JwksModule } from '../keys/keys.module';
import { PersonalTokensModule } from '../personal-tokens/personal-tokens.module';
import { RefreshTokenGrantModule } from '../refresh/refresh.module';
import { RevocationModule } from '../revocation/revocation.module';
import { UserinfoModule } from '../userinfo/userinfo.module';
import { WhoamiModule } from '../whoami/whoami.module';
import { TokenEndpointModule } from './token-endpoint.module';

/**
 * Discovery, keys, the token endpoint with the refresh grant, userinfo, revocation, introspection,
 * personal tokens and whoami: everything of `auth` but the browser flows. Needs IdentityModule
 * (and through it DatabaseModule and the platform). In the order their routes are matched: the
 * token checks apps make on every request first.
 */
export const AuthTokenModules = [
  UserinfoModule,
  WhoamiModule,
  IntrospectionModule,
  TokenEndpointModule,
  RefreshTokenGrantModule,
  RevocationModule,
  AuthDiscoveryModule,
  JwksModule,
  PersonalTokensModule,
] as const;
