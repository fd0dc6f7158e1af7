import { envSection } from '../env-section';
import { bindAddress, flag, portNumber, publicBaseUrl } from '../env-fields';

export interface HttpConfig {
  port: number;
  /** The OAuth issuer and the base of every public URL; no trailing slash. */
  publicUrl: string;
}

/** A distributed service: its own default port, the public URL required. */
export function httpSection(defaultPort: number) {
  return envSection(
    { PORT: portNumber.default(defaultPort), GATEHOUSE_PUBLIC_URL: publicBaseUrl },
    (env): HttpConfig => ({ port: env.PORT, publicUrl: env.GATEHOUSE_PUBLIC_URL }),
  );
}

export const ALL_IN_ONE_DEFAULT_PORT = 8080;

export interface EmbeddedHttpConfig extends HttpConfig {
  /** The address listened on: loopback unless HOST says otherwise. */
  host: string;
  /** GATEHOUSE_ALLOW_DEMO_ON_NETWORK: the demo seed may be served on a non-loopback address. */
  allowDemoOnNetwork: boolean;
}

export const ALL_IN_ONE_DEFAULT_HOST = '127.0.0.1';

/**
 * The all-in-one: runs from a fresh clone with public demo accounts, so it listens on loopback
 * and its public URL defaults to its own loopback port.
 */
export const embeddedHttpSection = envSection(
  {
    PORT: portNumber.default(ALL_IN_ONE_DEFAULT_PORT),
    GATEHOUSE_PUBLIC_URL: publicBaseUrl.optional(),
    HOST: bindAddress.default(ALL_IN_ONE_DEFAULT_HOST),
    GATEHOUSE_ALLOW_DEMO_ON_NETWORK: flag.default(false),
  },
  (env): EmbeddedHttpConfig => ({
    port: env.PORT,
    publicUrl: env.GATEHOUSE_PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    host: env.HOST,
    allowDemoOnNetwork: env.GATEHOUSE_ALLOW_DEMO_ON_NETWORK,
  }),
);
