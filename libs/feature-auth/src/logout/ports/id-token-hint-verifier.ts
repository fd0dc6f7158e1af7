/** What an `id_token_hint` says, once it verified as one of ours. */
export interface IdTokenHint {
  sub: string;
  /** The apps it was issued to (`aud`). */
  audience: string[];
  sid: string | null;
}

/**
 * Checks an `id_token_hint` (OpenID Connect RP-Initiated Logout 1.0 §2): signed by one of our
 * published keys and issued by us. An expired one is still a hint (§2: the OP SHOULD accept it
 * when the app had a session), so `exp` is not checked. Null for anything else.
 */
export abstract class IdTokenHintVerifier {
  abstract verify(hint: string): Promise<IdTokenHint | null>;
}
