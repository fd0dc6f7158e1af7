import { Inject, Injectable } from '@nestjs/common';
import { newObjectId } from '@gatehouse/crypto';
import type { Clock } from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import { IdGenerator } from '../ports/id-generator';

/** 24-hex ids that sort by creation time, like the Hub's (docs/hf-clients.md "Webhook management API"). */
@Injectable()
export class ObjectIdGenerator extends IdGenerator {
  constructor(@Inject(CLOCK) private readonly clock: Clock) {
    super();
  }

  newId(): string {
    return newObjectId(this.clock.now());
  }
}
