import { envSection } from '../env-section';
import { cidrList, flag } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_ALLOW_LOOPBACK_TARGETS_DOC: VariableDoc = {
  description:
    'Development only: lets webhook, client-ID metadata and JWKS URLs point at loopback (`true`/`false`/`1`/`0`/`yes`/`no`).',
};
const GATEHOUSE_TRUSTED_PROXIES_DOC: VariableDoc = {
  description:
    'Comma-separated addresses or CIDR blocks of the proxies in front of the service (the gateway, the ingress controller, a load balancer) whose `X-Forwarded-For` is believed; the client is the first address, from the right, that is not one of them. Empty trusts none: the TCP peer is the client (docs/operations.md "Network").',
  shownDefault: 'none',
};

export interface NetworkConfig {
  /**
   * Development only: lets webhook URLs, client-ID metadata URLs and JWKS URLs point at loopback.
   * Off by default, so outbound requests refuse private and loopback addresses.
   */
  allowLoopbackTargets: boolean;
}

export const networkSection = envSection(
  {
    GATEHOUSE_ALLOW_LOOPBACK_TARGETS: documented(
      flag.default(false),
      GATEHOUSE_ALLOW_LOOPBACK_TARGETS_DOC,
    ),
  },
  (env): NetworkConfig => ({ allowLoopbackTargets: env.GATEHOUSE_ALLOW_LOOPBACK_TARGETS }),
);

export interface ClientAddressConfig {
  /** CIDR blocks (`address/bits`) of the proxies whose X-Forwarded-For is believed; empty: none. */
  trustedProxies: string[];
}

/** The services that answer clients: where each request's client address comes from. */
export const clientAddressSection = envSection(
  { GATEHOUSE_TRUSTED_PROXIES: documented(cidrList.default([]), GATEHOUSE_TRUSTED_PROXIES_DOC) },
  (env): ClientAddressConfig => ({ trustedProxies: [...env.GATEHOUSE_TRUSTED_PROXIES] }),
);
