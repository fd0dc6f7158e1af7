import { envSection } from '../env-section';
import { base64Key32, bearerSecret } from '../env-fields';

export interface SecretsConfig {
  /** Base64 of 32 bytes: the AES-256-GCM key for secrets stored encrypted (SecretBox). */
  encryptionKey: string;
  /** Bearer secret for service-to-service calls. */
  internalToken: string;
}

export const secretsSection = envSection(
  { GATEHOUSE_ENCRYPTION_KEY: base64Key32, GATEHOUSE_INTERNAL_TOKEN: bearerSecret },
  (env): SecretsConfig => ({ encryptionKey: env.GATEHOUSE_ENCRYPTION_KEY, internalToken: env.GATEHOUSE_INTERNAL_TOKEN }),
);

/** For a service that decrypts stored secrets but serves no internal route. */
export const encryptionSecretsSection = envSection(
  { GATEHOUSE_ENCRYPTION_KEY: base64Key32 },
  (env): Pick<SecretsConfig, 'encryptionKey'> => ({ encryptionKey: env.GATEHOUSE_ENCRYPTION_KEY }),
);

/** The all-in-one: unset secrets are generated and kept under the data directory (resolveEmbeddedSecrets). */
export const embeddedSecretsSection = envSection(
  { GATEHOUSE_ENCRYPTION_KEY: base64Key32.optional(), GATEHOUSE_INTERNAL_TOKEN: bearerSecret.optional() },
  (env): Partial<SecretsConfig> => ({
    encryptionKey: env.GATEHOUSE_ENCRYPTION_KEY,
    internalToken: env.GATEHOUSE_INTERNAL_TOKEN,
  }),
);
