import { InvalidRequest, UnsupportedGrantType } from '@gatehouse/domain';
import { GrantHandler, GrantHandlerRegistry, TokenRequestContext } from '@gatehouse/identity';
import { TokenEndpointService } from './token-endpoint.service';

describe('TokenEndpointService', () => {
  const refresh: GrantHandler = {
    grantType: 'refresh_token',
    handle: async (request) => ({
      access_token: `for ${request.params.client_id}`,
      token_type: 'bearer',
      expires_in: 60,
      scope: 'openid',
    }),
  };
  const registry = new GrantHandlerRegistry({ getProviders: () => [] } as never);
  registry.register(refresh);
  const endpoint = new TokenEndpointService(registry);
  const request = (params: Record<string, string>): TokenRequestContext => ({
    params,
    ip: '198.51.100.1',
    now: new Date(0),
  });

  it('hands the request to the handler of its grant type', async () => {
    expect(
      await endpoint.handle(request({ grant_type: 'refresh_token', client_id: 'app' })),
    ).toEqual({
      access_token: 'for app',
      token_type: 'bearer',
      expires_in: 60,
      scope: 'openid',
    });
  });

  it('answers invalid_request without grant_type', () => {
    expect(() => endpoint.handle(request({ client_id: 'app' }))).toThrow(
      new InvalidRequest('grant_type is required'),
    );
  });

  it('answers unsupported_grant_type for a grant nobody handles', () => {
    expect(() => endpoint.handle(request({ grant_type: 'password' }))).toThrow(
      new UnsupportedGrantType("grant_type 'password' is not supported"),
    );
  });
});
