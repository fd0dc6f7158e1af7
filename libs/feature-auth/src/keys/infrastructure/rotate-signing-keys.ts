import { systemClock } from '@gatehouse/domain';
import { JoseSigningKeyCrypto, SigningKeys, TypeOrmSigningKeyStore } from '@gatehouse/identity';
import type { DataSource } from 'typeorm';

/**
 * `gatehouse admin rotate-keys`: a new current id_token signing key; the old current key stays
 * published as the previous one, so id_tokens it signed keep verifying. Running services pick
 * the new key up within their signing-key cache time (60 s by default).
 */
export function rotateSigningKeys(
  dataSource: DataSource,
  encryptionKey: string,
): Promise<{ current: string; previous: string | null }> {
  const keys = new SigningKeys(
    new TypeOrmSigningKeyStore(dataSource),
    new JoseSigningKeyCrypto(),
    systemClock,
    { encryptionKey },
  );
  return keys.rotate();
}
