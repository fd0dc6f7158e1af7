import { envSection } from '../env-section';
import { encryptionKeyRing, bearerSecret } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_ENCRYPTION_KEY_DOC: VariableDoc = {
  description:
    'Base64 of 32 random bytes (`openssl rand -base64 32`): AES-256-GCM key for secrets stored encrypted. To rotate it, a key ring instead: keys separated by commas, newest first, each `<id>:<base64 key>` but at most one bare key; the first seals, each opens, and `gatehouse admin reencrypt` rewrites what older keys sealed (docs/operations.md "Rotating keys and secrets").',
  shownDefault:
    'all-in-one: generated once into `<GATEHOUSE_DATA_DIR>/encryption.key`; required by the services',
};
export const GATEHOUSE_INTERNAL_TOKEN_DOC: VariableDoc = {
  description: 'Shared bearer secret (at least 32 characters) for service-to-service calls.',
  shownDefault:
    'all-in-one: generated once into `<GATEHOUSE_DATA_DIR>/internal.token`; required by the services that use it',
};

const GATEHOUSE_INTERNAL_TOKEN_ACCEPTED_DOC: VariableDoc = {
  description:
    'A second value of the internal token that is accepted but never sent, for rotating it without an outage: the next value before a rotation, the previous one during it (docs/operations.md "Rotating keys and secrets").',
  shownDefault: 'none',
};

export interface SecretsConfig {
  /** The AES-256-GCM key, or key ring, for secrets stored encrypted (`SecretBox.fromKeyRing`). */
  encryptionKey: string;
  /** Bearer secret for service-to-service calls. */
  internalToken: string;
  /** A second internal token accepted (never sent) while the first is rotated. */
  internalTokenAccepted?: string | null;
}

export const secretsSection = envSection(
  {
    GATEHOUSE_ENCRYPTION_KEY: documented(encryptionKeyRing, GATEHOUSE_ENCRYPTION_KEY_DOC),
    GATEHOUSE_INTERNAL_TOKEN: documented(bearerSecret, GATEHOUSE_INTERNAL_TOKEN_DOC),
    GATEHOUSE_INTERNAL_TOKEN_ACCEPTED: documented(
      bearerSecret.optional(),
      GATEHOUSE_INTERNAL_TOKEN_ACCEPTED_DOC,
    ),
  },
  (env): SecretsConfig => ({
    encryptionKey: env.GATEHOUSE_ENCRYPTION_KEY,
    internalToken: env.GATEHOUSE_INTERNAL_TOKEN,
    internalTokenAccepted: env.GATEHOUSE_INTERNAL_TOKEN_ACCEPTED ?? null,
  }),
);

/** For a service that decrypts stored secrets but serves no internal route. */
export const encryptionSecretsSection = envSection(
  { GATEHOUSE_ENCRYPTION_KEY: documented(encryptionKeyRing, GATEHOUSE_ENCRYPTION_KEY_DOC) },
  (env): Pick<SecretsConfig, 'encryptionKey'> => ({ encryptionKey: env.GATEHOUSE_ENCRYPTION_KEY }),
);

/** The all-in-one: unset secrets are generated and kept under the data directory (resolveEmbeddedSecrets). */
export const embeddedSecretsSection = envSection(
  {
    GATEHOUSE_ENCRYPTION_KEY: documented(
      encryptionKeyRing.optional(),
      GATEHOUSE_ENCRYPTION_KEY_DOC,
    ),
    GATEHOUSE_INTERNAL_TOKEN: documented(bearerSecret.optional(), GATEHOUSE_INTERNAL_TOKEN_DOC),
  },
  (env): Partial<SecretsConfig> => ({
    encryptionKey: env.GATEHOUSE_ENCRYPTION_KEY,
    internalToken: env.GATEHOUSE_INTERNAL_TOKEN,
  }),
);
