import { Inject, Injectable } from '@nestjs/common';
import { SigningKeys } from '@gatehouse/identity';
import { AUTHORIZE_OPTIONS, type AuthorizeOptions } from '../../authorize/authorize-options';
import { type IdTokenHint, IdTokenHintVerifier } from '../ports/id-token-hint-verifier';

// jose 6 is an ES module, loaded on first use.
const loadJose = () => import('jose');

/** The hint's signature checked against `/oauth/jwks` (current and previous key) with jose. */
@Injectable()
export class JoseIdTokenHintVerifier extends IdTokenHintVerifier {
  constructor(
    private readonly keys: SigningKeys,
    @Inject(AUTHORIZE_OPTIONS) private readonly options: AuthorizeOptions,
  ) {
    super();
  }

  async verify(hint: string): Promise<IdTokenHint | null> {
    const jose = await loadJose();
    try {
      const { payload, protectedHeader } = await jose.compactVerify(
        hint,
        jose.createLocalJWKSet(await this.keys.jwks()),
        { algorithms: ['RS256'] },
      );
      if (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') return null;
      const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
      if (claims.iss !== this.options.issuer || typeof claims.sub !== 'string') return null;
      const audience = [claims.aud].flat().filter((aud): aud is string => typeof aud === 'string');
      if (audience.length === 0) return null;
      return {
        sub: claims.sub,
        audience,
        sid: typeof claims.sid === 'string' ? claims.sid : null,
      };
    } catch {
      return null;
    }
  }
}
