import type { ConsentGrant } from '@gatehouse/domain';
import { RememberedConsents } from '../consent/ports/remembered-consents';

/** Test double of RememberedConsents. */
export class InMemoryRememberedConsents extends RememberedConsents {
  readonly rows = new Map<string, ConsentGrant & { updatedAt: Date }>();

  async find(userId: string, clientId: string): Promise<ConsentGrant | null> {
    const row = this.rows.get(`${userId} ${clientId}`);
    return row ? { scopes: [...row.scopes], orgIds: [...row.orgIds] } : null;
  }

  async save(userId: string, clientId: string, grant: ConsentGrant, at: Date): Promise<void> {
    this.rows.set(`${userId} ${clientId}`, {
      scopes: [...grant.scopes],
      orgIds: [...grant.orgIds],
      updatedAt: at,
    });
  }
}
