import type { ConsentGrant } from '@gatehouse/domain';

/** Port over the consents a user gave each app (table `consents`, one row per user and app). */
export abstract class RememberedConsents {
  abstract find(userId: string, clientId: string): Promise<ConsentGrant | null>;
  abstract save(userId: string, clientId: string, grant: ConsentGrant, at: Date): Promise<void>;
}
