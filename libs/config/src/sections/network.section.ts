import { envSection } from '../env-section';
import { flag } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_ALLOW_LOOPBACK_TARGETS_DOC: VariableDoc = { description: 'Development only: lets webhook, client-ID metadata and JWKS URLs point at loopback (`true`/`false`/`1`/`0`/`yes`/`no`).' };

export interface NetworkConfig {
  /**
   * Development only: lets webhook URLs, client-ID metadata URLs and JWKS URLs point at loopback.
   * Off by default, so outbound requests refuse private and loopback addresses.
   */
  allowLoopbackTargets: boolean;
}

export const networkSection = envSection(
  { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: documented(flag.default(false), GATEHOUSE_ALLOW_LOOPBACK_TARGETS_DOC)},
  (env): NetworkConfig => ({ allowLoopbackTargets: env.GATEHOUSE_ALLOW_LOOPBACK_TARGETS }),
);
