import { Inject, Injectable } from '@nestjs/common';
import { FlowStore, JsonFlowStore } from '@gatehouse/flow-state';
import { FLOW_STORE } from '@gatehouse/platform';
import { z } from 'zod';
import {
  DeviceAuthorization,
  deviceAuthorizationSchema,
  DeviceDecision,
  deviceDecisionSchema,
  DevicePolling,
  devicePollingSchema,
} from './device-authorization-record';

/**
 * After a code expires its records are kept this much longer, so a late poll is answered
 * `expired_token` (RFC 8628 §3.5) rather than `invalid_grant` for an unknown code.
 */
const EXPIRED_DEVICE_CODE_GRACE_MS = 10 * 60 * 1000;

const redeemedSchema = z.literal(true);

/**
 * Device authorizations in flow state. Every record is keyed by the SHA-256 of the device code
 * (the caller hashes it): a store dump holds no code a client could poll with. The user code
 * leads to that hash and lives exactly as long as the code is valid.
 *
 * Records: `device:` the authorization (immutable), `device-poll:` the polling state,
 * `device-decision:` the user's answer (first writer wins), `device-redeemed:` the single-use
 * gate (first writer wins), `device-user-code:` user code → device code hash.
 */
@Injectable()
export class DeviceAuthorizations {
  private readonly authorizations: JsonFlowStore<DeviceAuthorization>;
  private readonly polling: JsonFlowStore<DevicePolling>;
  private readonly decisions: JsonFlowStore<DeviceDecision>;
  private readonly redeemed: JsonFlowStore<true>;
  private readonly userCodes: JsonFlowStore<string>;

  constructor(@Inject(FLOW_STORE) store: FlowStore) {
    this.authorizations = new JsonFlowStore(store, 'device:', deviceAuthorizationSchema);
    this.polling = new JsonFlowStore(store, 'device-poll:', devicePollingSchema);
    this.decisions = new JsonFlowStore(store, 'device-decision:', deviceDecisionSchema);
    this.redeemed = new JsonFlowStore(store, 'device-redeemed:', redeemedSchema);
    this.userCodes = new JsonFlowStore(store, 'device-user-code:', z.string());
  }

  /**
   * Reserves the user code for this authorization; false when another live authorization holds
   * it (the caller draws another code). Then stores the authorization and its polling state.
   */
  async create(
    deviceCodeHash: string,
    authorization: DeviceAuthorization,
    polling: DevicePolling,
    nowMs: number,
  ): Promise<boolean> {
    const validMs = authorization.expiresAt - nowMs;
    if (!(await this.userCodes.putIfAbsent(authorization.userCode, deviceCodeHash, validMs)))
      return false;
    const keptMs = validMs + EXPIRED_DEVICE_CODE_GRACE_MS;
    await this.polling.put(deviceCodeHash, polling, keptMs);
    await this.authorizations.put(deviceCodeHash, authorization, keptMs);
    return true;
  }

  find(deviceCodeHash: string): Promise<DeviceAuthorization | null> {
    return this.authorizations.get(deviceCodeHash);
  }

  /** The device code hash a user code (normalized, 8 letters) stands for, while it is valid. */
  findByUserCode(userCode: string): Promise<string | null> {
    return this.userCodes.get(userCode);
  }

  pollingOf(deviceCodeHash: string): Promise<DevicePolling | null> {
    return this.polling.get(deviceCodeHash);
  }

  /** Records a poll; keeps the record's lifetime. */
  async savePolling(deviceCodeHash: string, polling: DevicePolling): Promise<void> {
    await this.polling.replace(deviceCodeHash, polling);
  }

  decisionOf(deviceCodeHash: string): Promise<DeviceDecision | null> {
    return this.decisions.get(deviceCodeHash);
  }

  /** Stores the user's answer unless one was stored already; true when this one counts. */
  async decide(
    deviceCodeHash: string,
    authorization: DeviceAuthorization,
    decision: DeviceDecision,
    nowMs: number,
  ): Promise<boolean> {
    const keptMs = authorization.expiresAt - nowMs + EXPIRED_DEVICE_CODE_GRACE_MS;
    if (keptMs < 1) return false;
    const stored = await this.decisions.putIfAbsent(deviceCodeHash, decision, keptMs);
    // A decided code cannot be entered again.
    if (stored) await this.userCodes.delete(authorization.userCode);
    return stored;
  }

  isRedeemed(deviceCodeHash: string): Promise<boolean> {
    return this.redeemed.get(deviceCodeHash).then((value) => value === true);
  }

  /** The single-use gate: of concurrent polls for one approved code, exactly one gets true. */
  claimRedemption(
    deviceCodeHash: string,
    authorization: DeviceAuthorization,
    nowMs: number,
  ): Promise<boolean> {
    const keptMs = Math.max(1, authorization.expiresAt - nowMs + EXPIRED_DEVICE_CODE_GRACE_MS);
    return this.redeemed.putIfAbsent(deviceCodeHash, true, keptMs);
  }

  /** Reopens the gate when issuing failed after the claim (a database error), so the client's retry can succeed. */
  releaseRedemption(deviceCodeHash: string): Promise<void> {
    return this.redeemed.delete(deviceCodeHash);
  }
}
