import type { Transaction } from '@gatehouse/identity';
import type { LeakedTokenNotice } from '../leaked-credentials/ports/leaked-token-records';
import { LeakedTokenNoticeStore } from '../leaked-credentials/ports/leaked-token-notice.store';

/** Test double of LeakedTokenNoticeStore: notices in an array, one per token as the table's key. */
export class InMemoryLeakedTokenNoticeStore extends LeakedTokenNoticeStore {
  readonly notices: LeakedTokenNotice[] = [];

  async record(_tx: Transaction, notice: LeakedTokenNotice): Promise<boolean> {
    const taken = this.notices.some(
      (row) => row.tokenKind === notice.tokenKind && row.tokenId === notice.tokenId,
    );
    if (taken) return false;
    this.notices.push({ ...notice });
    return true;
  }

  async listActive(userId: string, limit: number): Promise<LeakedTokenNotice[]> {
    return this.notices
      .filter((row) => row.userId === userId && row.dismissedAt === null)
      .sort((a, b) => b.revokedAt.getTime() - a.revokedAt.getTime() || b.id.localeCompare(a.id))
      .slice(0, limit)
      .map((row) => ({ ...row }));
  }

  async dismiss(userId: string, id: string, at: Date): Promise<boolean> {
    const row = this.notices.find(
      (candidate) => candidate.id === id && candidate.userId === userId && !candidate.dismissedAt,
    );
    if (!row) return false;
    row.dismissedAt = at;
    return true;
  }
}
