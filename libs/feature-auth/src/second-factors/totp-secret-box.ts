import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@gatehouse/crypto';
import { totpSecretContext } from '@gatehouse/domain';
import { IDENTITY_OPTIONS, type IdentityOptions } from '@gatehouse/identity';

/**
 * Seals TOTP secrets at rest with GATEHOUSE_ENCRYPTION_KEY (the key ring: `gatehouse admin
 * reencrypt` re-seals them too), bound to their account: the server must read the secret back to
 * check codes, so it is encrypted, not hashed.
 */
@Injectable()
export class TotpSecretBox {
  private readonly box: SecretBox;

  constructor(@Inject(IDENTITY_OPTIONS) identity: IdentityOptions) {
    this.box = SecretBox.fromKeyRing(identity.encryptionKey);
  }

  seal(userId: string, secret: string): string {
    return this.box.encrypt(secret, totpSecretContext(userId));
  }

  open(userId: string, sealed: string): string {
    return this.box.decrypt(sealed, totpSecretContext(userId));
  }
}
