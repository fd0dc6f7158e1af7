import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { FlowStore, JsonFlowStore } from '@gatehouse/flow-state';
import { RandomSource } from '@gatehouse/identity';
import { FLOW_STORE } from '@gatehouse/platform';
import { z } from 'zod';
import { AUTHORIZATION_CODE_OPTIONS, AuthorizationCodeOptions } from './authorization-code-options';
import {
  AuthorizationCodeRecord,
  authorizationCodeRecordSchema,
} from './authorization-code-record';

const redeemedSchema = z.object({ familyId: z.string(), replayed: z.boolean() });
type Redeemed = z.infer<typeof redeemedSchema>;

/**
 * How long a redeemed code is remembered, so a replay can still revoke what it issued
 * (OAuth 2.1 §4.1.3). Flow state may drop it sooner; then a replay only fails.
 */
const REDEEMED_CODE_MEMORY_SECONDS = 24 * 3600;

const CODES = 'authorization-code:';
const REDEEMED = 'authorization-code-redeemed:';

/**
 * Authorization codes in flow state, under the SHA-256 of the code. A code is redeemed once
 * (atomic take); redeeming leaves a marker naming the grant, which a second use flags so the
 * tokens of the first use are revoked, even when they are still being issued.
 */
@Injectable()
export class AuthorizationCodes {
  private readonly codes: JsonFlowStore<AuthorizationCodeRecord>;
  private readonly redeemed: JsonFlowStore<Redeemed>;

  constructor(
    @Inject(FLOW_STORE) store: FlowStore,
    private readonly random: RandomSource,
    @Inject(AUTHORIZATION_CODE_OPTIONS) private readonly options: AuthorizationCodeOptions,
  ) {
    this.codes = new JsonFlowStore(store, CODES, authorizationCodeRecordSchema);
    this.redeemed = new JsonFlowStore(store, REDEEMED, redeemedSchema);
  }

  /** Stores the record and returns the code to send to the app. */
  async issue(record: AuthorizationCodeRecord): Promise<string> {
    const code = this.random.token('');
    await this.codes.put(hashToken(code), record, this.options.codeTtlSeconds * 1000);
    return code;
  }

  /** The record of a live, unredeemed code, without redeeming it (checks come first). */
  peek(code: string): Promise<AuthorizationCodeRecord | null> {
    return this.codes.get(hashToken(code));
  }

  /**
   * Redeems the code whose record `peek` returned: false when another request redeemed it first
   * or it expired. A code's record is written once and never changed, so what `peek` read is
   * what this takes; it is not parsed a second time. The take and the replay marker are one
   * atomic step (one round trip).
   */
  async redeem(code: string, peeked: Pick<AuthorizationCodeRecord, 'familyId'>): Promise<boolean> {
    const key = hashToken(code);
    return this.codes.takeAndMark(
      key,
      this.redeemed,
      key,
      { familyId: peeked.familyId, replayed: false },
      REDEEMED_CODE_MEMORY_SECONDS * 1000,
    );
  }

  /** Flags a second use of a redeemed code; the grant id to revoke, or null for a code never seen. */
  async flagReplay(code: string): Promise<string | null> {
    const key = hashToken(code);
    const marker = await this.redeemed.get(key);
    if (!marker) return null;
    await this.redeemed.replace(key, { ...marker, replayed: true });
    return marker.familyId;
  }

  /** True when the code was presented again after its redemption. */
  async wasReplayed(code: string): Promise<boolean> {
    return (await this.redeemed.get(hashToken(code)))?.replayed ?? false;
  }
}
