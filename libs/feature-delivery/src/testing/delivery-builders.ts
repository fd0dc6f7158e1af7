import type { NewDelivery } from '../pipeline/ports/delivery.store';

/**
 * A delivery as the intake inserts it: pending, an original event (no replay), its first attempt
 * not begun. A test names the webhook, the lease and what it is about; a new optional field of the
 * delivery touches only the tests about it.
 */
export function aNewDelivery(overrides: Partial<NewDelivery> = {}): NewDelivery {
  return {
    id: 'ffffffffffffffffffff0001',
    webhookId: '654bbbc16f2ec14d77f109cc',
    eventId: 'e',
    payload: { repo: { id: 'r' } },
    status: 'pending',
    nextAttemptAt: null,
    replayOf: null,
    ...overrides,
  };
}
