import { deviceLogin, GatehouseClient, refreshTokens } from '@gatehouse/sdk';

// Sign in a command-line tool with the device flow (RFC 8628); the endpoint is GATEHOUSE_ENDPOINT.
const clientId = process.env.GATEHOUSE_CLIENT_ID ?? 'gatehouse-cli';
const tokens = await deviceLogin({
  clientId,
  scopes: ['openid', 'profile', 'webhooks'],
  onCode: ({ verificationUriComplete, userCode }) => {
    console.log(`Open ${verificationUriComplete} and confirm the code ${userCode}.`);
  },
});

const me = await new GatehouseClient({ token: tokens.accessToken }).whoami();
console.log(`Signed in as ${me.name}.`);

if (tokens.refreshToken) {
  const renewed = await refreshTokens({ clientId, refreshToken: tokens.refreshToken });
  console.log(
    `Token renewed; it expires at ${new Date(renewed.expiresAt ?? Date.now()).toISOString()}.`,
  );
}
