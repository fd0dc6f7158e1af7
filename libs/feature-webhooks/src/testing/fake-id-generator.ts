import { IdGenerator } from '../webhooks/ports/id-generator';

/** 24-hex ids 000...001, 000...002, ... in order of asking. */
export class SequentialIds extends IdGenerator {
  private next = 1;

  newId(): string {
    return (this.next++).toString(16).padStart(24, '0');
  }
}
