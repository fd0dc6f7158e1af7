import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { TokenResponseBody } from '../tokens/issue-token-request';
import { GRANT_HANDLERS, GrantHandler } from './grant-handler';
import { GrantHandlerRegistry } from './grant-handler-registry';
import { provideGrantHandlers } from './provide-grant-handlers';

const answer: TokenResponseBody = {
  access_token: 'hf_oauth_x',
  token_type: 'bearer',
  expires_in: 1,
  scope: '',
};

@Injectable()
class DeviceCodeGrant implements GrantHandler {
  readonly grantType = 'urn:ietf:params:oauth:grant-type:device_code';
  handle = async () => answer;
}

@Injectable()
class RefreshGrant implements GrantHandler {
  readonly grantType = 'refresh_token';
  handle = async () => answer;
}

@Injectable()
class AnotherRefreshGrant implements GrantHandler {
  readonly grantType = 'refresh_token';
  handle = async () => answer;
}

@Module({ providers: provideGrantHandlers(DeviceCodeGrant) })
class DeviceModule {}

@Module({ providers: [RefreshGrant, { provide: GRANT_HANDLERS, useExisting: RefreshGrant }] })
class RefreshModule {}

@Module({ providers: provideGrantHandlers(AnotherRefreshGrant) })
class DuplicateRefreshModule {}

async function boot(...modules: Array<new () => unknown>) {
  const moduleRef = await Test.createTestingModule({
    imports: [DiscoveryModule, ...modules],
    providers: [GrantHandlerRegistry],
  }).compile();
  return moduleRef.init();
}

describe('GrantHandlerRegistry', () => {
  it('collects the handlers every module contributes', async () => {
    const app = await boot(DeviceModule, RefreshModule);
    const registry = app.get(GrantHandlerRegistry);
    expect(registry.grantTypes().sort()).toEqual([
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:device_code',
    ]);
    expect(registry.find('refresh_token')).toBeInstanceOf(RefreshGrant);
    expect(registry.find('password')).toBeUndefined();
    await app.close();
  });

  it('refuses to start with two handlers for one grant type', async () => {
    await expect(boot(RefreshModule, DuplicateRefreshModule)).rejects.toThrow(
      "Two grant handlers for grant_type 'refresh_token': RefreshGrant and AnotherRefreshGrant",
    );
  });

  it('refuses a contribution that is not a grant handler', () => {
    const registry = new GrantHandlerRegistry({ getProviders: () => [] } as never);
    expect(() => registry.register({} as GrantHandler)).toThrow('does not implement GrantHandler');
  });
});
