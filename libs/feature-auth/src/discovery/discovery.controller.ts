import { Controller, Get, Header, Inject } from '@nestjs/common';
import { GrantHandlerRegistry, IDENTITY_OPTIONS, IdentityOptions } from '@gatehouse/identity';
import { buildDiscoveryDocument, DiscoveryDocument } from './discovery-document';

const CACHE = 'public, max-age=300';

@Controller('.well-known')
export class DiscoveryController {
  private document: DiscoveryDocument | undefined;

  constructor(
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
    private readonly grants: GrantHandlerRegistry,
  ) {}

  /** Built at the first request: the registry is filled when the modules initialise, after this controller exists. */
  private current(): DiscoveryDocument {
    this.document ??= buildDiscoveryDocument(this.options.publicUrl, this.grants.grantTypes());
    return this.document;
  }

  @Get('openid-configuration')
  @Header('Cache-Control', CACHE)
  openidConfiguration(): DiscoveryDocument {
    return this.current();
  }

  @Get('oauth-authorization-server')
  @Header('Cache-Control', CACHE)
  authorizationServerMetadata(): DiscoveryDocument {
    return this.current();
  }
}
