import { envSection } from '../env-section';
import { portNumber, publicBaseUrl } from '../env-fields';

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

/** The all-in-one: runs from a fresh clone, so the public URL defaults to its own loopback port. */
export const embeddedHttpSection = envSection(
  { PORT: portNumber.default(ALL_IN_ONE_DEFAULT_PORT), GATEHOUSE_PUBLIC_URL: publicBaseUrl.optional() },
  (env): HttpConfig => ({ port: env.PORT, publicUrl: env.GATEHOUSE_PUBLIC_URL ?? `http://localhost:${env.PORT}` }),
);
