import * as oidc from 'openid-client';
import type { RunningAllInOne } from '@gatehouse/testing';
import type { Browser } from 'playwright-core';
import { CLI_CLIENT_ID, DEMO_USER, POLL_INTERVAL_SECONDS, startDeviceFlowAllInOne } from './support/all-in-one';
import { answerOnVerificationPage, launchChromium } from './support/verification-page';

// openid-client's RFC 8628 helpers against the all-in-one, approved through the real pages.
describe('device flow with openid-client and headless Chromium', () => {
  let gatehouse: RunningAllInOne;
  let browser: Browser;
  let config: oidc.Configuration;

  beforeAll(async () => {
    [gatehouse, browser] = await Promise.all([startDeviceFlowAllInOne(), launchChromium()]);
    config = await oidc.discovery(new URL(gatehouse.url), CLI_CLIENT_ID, undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
  });

  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });

  it('completes: initiateDeviceAuthorization, approval on the page, pollDeviceAuthorizationGrant', async () => {
    const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid profile read-repos' });
    expect(started).toMatchObject({
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: `${gatehouse.url}/oauth/device`,
      verification_uri_complete: `${gatehouse.url}/oauth/device?user_code=${started.user_code}`,
      expires_in: 900,
      interval: POLL_INTERVAL_SECONDS,
    });

    // The client polls (authorization_pending) while the user signs in and approves.
    const polling = oidc.pollDeviceAuthorizationGrant(config, started);
    const answered = await answerOnVerificationPage(browser, started.verification_uri_complete!, started.user_code, DEMO_USER, 'Authorize');
    expect(answered.consentText).toContain('Only approve this if you started this sign-in yourself, on a device you own.');
    expect(answered.consentText).toContain('Authorize gatehouse-cli on a device');
    expect(answered.consentText).toContain(started.user_code);
    expect(answered.heading).toBe('Device connected');

    const tokens = await polling;
    expect(tokens).toMatchObject({
      access_token: expect.stringMatching(/^hf_oauth_/),
      token_type: 'bearer',
      scope: 'openid profile read-repos',
      refresh_token: expect.stringMatching(/^hf_oauth_refresh_/),
    });
    // openid-client validated the id_token (issuer, audience, signature through the JWKS).
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: gatehouse.url, aud: CLI_CLIENT_ID, preferred_username: DEMO_USER.username });
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(userinfo.preferred_username).toBe(DEMO_USER.username);

    // The device code was single use.
    await expect(oidc.pollDeviceAuthorizationGrant(config, { ...started, interval: 0 })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('ends with access_denied when the user denies on the page', async () => {
    const started = await oidc.initiateDeviceAuthorization(config, {});
    const polling = oidc.pollDeviceAuthorizationGrant(config, started);
    const denial = expect(polling).rejects.toMatchObject({ error: 'access_denied' });
    const answered = await answerOnVerificationPage(browser, started.verification_uri_complete!, started.user_code, DEMO_USER, 'Deny');
    expect(answered.heading).toBe('Sign-in denied');
    await denial;
  });
});
