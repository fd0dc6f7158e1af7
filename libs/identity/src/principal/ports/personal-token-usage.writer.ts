/** One personal token's latest use, as TokenUsageRecorder coalesced it. */
export interface PersonalTokenUse {
  tokenId: string;
  at: Date;
  /** An anonymised address prefix; null when the use came through another service (`/internal/authorize`). */
  address: string | null;
  /** The client's family (`huggingface_hub`, `browser`, …); null as `address`. */
  client: string | null;
}

/**
 * Port: writes personal tokens' last uses in one statement for many tokens, never moving a last
 * use back in time (several processes flush their own batches). A use without a place keeps the
 * place recorded before.
 */
export abstract class PersonalTokenUsageWriter {
  abstract recordUses(uses: readonly PersonalTokenUse[]): Promise<void>;
}
