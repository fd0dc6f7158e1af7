import { envSection } from '../env-section';
import { flag } from '../env-fields';

export interface NetworkConfig {
  /**
   * Development only: lets webhook URLs, client-ID metadata URLs and JWKS URLs point at loopback.
   * Off by default, so outbound requests refuse private and loopback addresses.
   */
  allowLoopbackTargets: boolean;
}

export const networkSection = envSection(
  { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: flag.default(false) },
  (env): NetworkConfig => ({ allowLoopbackTargets: env.GATEHOUSE_ALLOW_LOOPBACK_TARGETS }),
);
