import { AuditChainVerdict, AuditChainVerifier } from './audit-chain';
import { AuditLogStore } from './ports/audit-log.store';
import type { AuditSeal } from './audit-seal';

const BATCH_SIZE = 1000;

/**
 * Walks an organization's whole chain, oldest first, in batches, and stops at the first broken
 * link; with the seal, also checks the seals and that the chain reaches its sealed head (read
 * first, so entries appended during the walk do not count against it).
 */
export async function verifyAuditLog(
  store: AuditLogStore,
  orgId: string,
  seal: AuditSeal | null,
  batchSize = BATCH_SIZE,
): Promise<AuditChainVerdict> {
  const verifier = new AuditChainVerifier(
    seal ? { seal, head: await store.sealedHead(orgId) } : undefined,
  );
  let afterSeq = 0;
  for (;;) {
    const batch = await store.ascending(orgId, afterSeq, batchSize);
    for (const entry of batch) if (!verifier.accept(entry)) return verifier.verdict();
    if (batch.length < batchSize) return verifier.verdict();
    afterSeq = batch[batch.length - 1]!.seq;
  }
}
