import { envSection } from '../env-section';
import { bindAddress, flag, portNumber, publicBaseUrl } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const PORT_DOC: VariableDoc = {
  description: 'HTTP port (1-65535): the API, or health and metrics only for the delivery worker.',
  shownDefault:
    'auth 3000, token-exchange 3001, webhook-management 3002, delivery-worker 3003, all-in-one 8080',
};
const HOST_DOC: VariableDoc = {
  description:
    'Address the all-in-one listens on (an IP address or `localhost`); `0.0.0.0` or `::` for every interface.',
};
const GATEHOUSE_ALLOW_DEMO_ON_NETWORK_DOC: VariableDoc = {
  description:
    'Lets the all-in-one serve its demo seed (public passwords) on a non-loopback `HOST`; without it, it refuses to start.',
};
const GATEHOUSE_ACCESS_LOG_DOC: VariableDoc = {
  description:
    'Writes a JSON line per request (method, route, status, duration) to standard output. Off on the all-in-one, whose terminal shows its address and demo sign-in instead; the services always write it.',
};
const GATEHOUSE_PUBLIC_URL_DOC: VariableDoc = {
  description:
    'Absolute http(s) URL without trailing slash: the OAuth issuer and the base of every public URL.',
  shownDefault: 'all-in-one: `http://localhost:<PORT>`; required by the services',
};

export interface HttpConfig {
  port: number;
  /** The OAuth issuer and the base of every public URL; no trailing slash. */
  publicUrl: string;
}

/** A distributed service: its own default port, the public URL required. */
export function httpSection(defaultPort: number) {
  return envSection(
    {
      PORT: documented(portNumber.default(defaultPort), PORT_DOC),
      GATEHOUSE_PUBLIC_URL: documented(publicBaseUrl, GATEHOUSE_PUBLIC_URL_DOC),
    },
    (env): HttpConfig => ({ port: env.PORT, publicUrl: env.GATEHOUSE_PUBLIC_URL }),
  );
}

const ALL_IN_ONE_DEFAULT_PORT = 8080;

export interface EmbeddedHttpConfig extends HttpConfig {
  /** The address listened on: loopback unless HOST says otherwise. */
  host: string;
  /** GATEHOUSE_ALLOW_DEMO_ON_NETWORK: the demo seed may be served on a non-loopback address. */
  allowDemoOnNetwork: boolean;
  /** GATEHOUSE_ACCESS_LOG: a log line per request. */
  accessLog: boolean;
}

const ALL_IN_ONE_DEFAULT_HOST = '127.0.0.1';

/**
 * The all-in-one: runs from a fresh clone with public demo accounts, so it listens on loopback
 * and its public URL defaults to its own loopback port.
 */
export const embeddedHttpSection = envSection(
  {
    PORT: documented(portNumber.default(ALL_IN_ONE_DEFAULT_PORT), PORT_DOC),
    GATEHOUSE_PUBLIC_URL: documented(publicBaseUrl.optional(), GATEHOUSE_PUBLIC_URL_DOC),
    HOST: documented(bindAddress.default(ALL_IN_ONE_DEFAULT_HOST), HOST_DOC),
    GATEHOUSE_ALLOW_DEMO_ON_NETWORK: documented(
      flag.default(false),
      GATEHOUSE_ALLOW_DEMO_ON_NETWORK_DOC,
    ),
    GATEHOUSE_ACCESS_LOG: documented(flag.default(false), GATEHOUSE_ACCESS_LOG_DOC),
  },
  (env): EmbeddedHttpConfig => ({
    port: env.PORT,
    publicUrl: env.GATEHOUSE_PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    host: env.HOST,
    allowDemoOnNetwork: env.GATEHOUSE_ALLOW_DEMO_ON_NETWORK,
    accessLog: env.GATEHOUSE_ACCESS_LOG,
  }),
);
