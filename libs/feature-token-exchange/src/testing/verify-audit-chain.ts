import {
  type AuditChainVerdict,
  AuditChainVerifier,
  type SealedVerification,
} from '../audit/audit-chain';
import type { AuditEntry } from '../audit/audit-entry';

/** AuditChainVerifier over a whole list at once, for specs that hold the entries in memory. */
export function verifyAuditChain(
  entries: Iterable<AuditEntry>,
  sealed?: SealedVerification,
): AuditChainVerdict {
  const verifier = new AuditChainVerifier(sealed);
  for (const entry of entries) if (!verifier.accept(entry)) break;
  return verifier.verdict();
}
