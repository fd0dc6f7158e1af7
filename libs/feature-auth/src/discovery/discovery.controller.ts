import { Controller, Get, Header, Inject } from '@nestjs/common';
import { IDENTITY_OPTIONS, IdentityOptions } from '@gatehouse/identity';
import { buildDiscoveryDocument, DiscoveryDocument } from './discovery-document';

const CACHE = 'public, max-age=300';

@Controller('.well-known')
export class DiscoveryController {
  private readonly document: DiscoveryDocument;

  constructor(@Inject(IDENTITY_OPTIONS) options: IdentityOptions) {
    this.document = buildDiscoveryDocument(options.publicUrl);
  }

  @Get('openid-configuration')
  @Header('Cache-Control', CACHE)
  openidConfiguration(): DiscoveryDocument {
    return this.document;
  }

  @Get('oauth-authorization-server')
  @Header('Cache-Control', CACHE)
  authorizationServerMetadata(): DiscoveryDocument {
    return this.document;
  }
}
