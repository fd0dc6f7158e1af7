import { Controller, Get, Header } from '@nestjs/common';
import { SigningKeys } from '@gatehouse/identity';
import type { JWK } from 'jose';

@Controller('oauth')
export class JwksController {
  constructor(private readonly keys: SigningKeys) {}

  /** RFC 7517 §5: the current and previous id_token signing keys. */
  @Get('jwks')
  @Header('Cache-Control', 'public, max-age=300')
  jwks(): Promise<{ keys: JWK[] }> {
    return this.keys.jwks();
  }
}
