import { createHmac, hkdfSync } from 'node:crypto';

/** The head of an organization's log as last sealed: its newest entry when it was appended. */
export interface SealedHead {
  orgId: string;
  seq: number;
  hash: string;
  mac: string;
}

const HKDF_INFO = 'gatehouse audit-log seal v1';

/**
 * Seals the audit hash chain with a key the database does not hold, so that write access to the
 * database is not enough to rewrite or cut the log (docs/security.md "Delivery, Jobs, outbound
 * requests and audit"). Each entry gets `mac = HMAC-SHA256(key, "entry\n" + hash)` (the hash
 * covers its content and, through prev_hash, all before it), and the organization's head row
 * `HMAC-SHA256(key, "head\n" + orgId + "\n" + seq + "\n" + hash)`. The key is derived with
 * HKDF-SHA256 (RFC 5869) from GATEHOUSE_ENCRYPTION_KEY, which lives in configuration only.
 */
export class AuditSeal {
  private constructor(private readonly key: Buffer) {}

  static fromEncryptionKey(base64Key: string): AuditSeal {
    return new AuditSeal(
      Buffer.from(
        hkdfSync('sha256', Buffer.from(base64Key, 'base64'), Buffer.alloc(0), HKDF_INFO, 32),
      ),
    );
  }

  entryMac(hash: string): string {
    return this.mac(`entry\n${hash}`);
  }

  sealHead(orgId: string, seq: number, hash: string): SealedHead {
    return { orgId, seq, hash, mac: this.mac(`head\n${orgId}\n${seq}\n${hash}`) };
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text, 'utf8').digest('hex');
  }
}
