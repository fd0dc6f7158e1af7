import { objectId } from '@gatehouse/domain';
import { randomBytes } from 'node:crypto';

/**
 * Ids for deliveries, attempts and Job runs: ObjectIds (24 hex, as the `char(24)` columns and
 * the activity routes expect) whose 8 random bytes are 5 per-process random bytes and a 3-byte
 * counter, as MongoDB's own ObjectIds, so the ids one process makes within a second still sort
 * in creation order. The scheduler's "oldest first" and the activity view's order rely on it.
 * The delivery id is also the Standard Webhooks `webhook-id`.
 */
export class DeliveryIds {
  private readonly processBytes = randomBytes(5);
  private counter = randomBytes(3).readUIntBE(0, 3);

  next(nowMs: number): string {
    this.counter = (this.counter + 1) % 0x1000000;
    const tail = Buffer.alloc(8);
    this.processBytes.copy(tail, 0);
    tail.writeUIntBE(this.counter, 5, 3);
    return objectId(nowMs, tail);
  }
}
