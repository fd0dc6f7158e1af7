import { SCOPES_SUPPORTED } from '@gatehouse/domain';
import { GRANT_TYPES } from '@gatehouse/domain/testing';
import { buildDiscoveryDocument } from './discovery-document';

describe('buildDiscoveryDocument', () => {
  const document = buildDiscoveryDocument('https://hub.example/', [...GRANT_TYPES].reverse());

  it('names the issuer without a trailing slash and every endpoint under it', () => {
    expect(document).toMatchObject({
      issuer: 'https://hub.example',
      authorization_endpoint: 'https://hub.example/oauth/authorize',
      token_endpoint: 'https://hub.example/oauth/token',
      userinfo_endpoint: 'https://hub.example/oauth/userinfo',
      jwks_uri: 'https://hub.example/oauth/jwks',
      revocation_endpoint: 'https://hub.example/oauth/revoke',
      introspection_endpoint: 'https://hub.example/oauth/introspect',
      device_authorization_endpoint: 'https://hub.example/oauth/device',
    });
  });

  it('lists the 18 scopes of docs/oauth.md "Scopes" in order', () => {
    expect(document.scopes_supported).toEqual(SCOPES_SUPPORTED);
    expect(document.scopes_supported).toHaveLength(18);
  });

  it('advertises what the clients check', () => {
    expect(document).toMatchObject({
      response_types_supported: ['code'],
      grant_types_supported: expect.arrayContaining([
        'authorization_code',
        'refresh_token',
        'urn:ietf:params:oauth:grant-type:device_code',
        'urn:ietf:params:oauth:grant-type:token-exchange',
      ]),
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    expect(document.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'nonce', 'at_hash', 'preferred_username', 'email', 'orgs']),
    );
  });

  it('lists only the grant types a handler was registered for, in the order of GRANT_TYPES', () => {
    expect(document.grant_types_supported).toEqual([...GRANT_TYPES]);
    expect(
      buildDiscoveryDocument('https://hub.example', ['refresh_token', 'authorization_code'])
        .grant_types_supported,
    ).toEqual(['authorization_code', 'refresh_token']);
  });
});
