/** Accounts and apps every auth e2e suite signs in with. */
export const ADA = { username: 'ada', email: 'ada@example.com', password: 'ada-e2e-password' };

/** A personal token of Ada's, to read organization ids from whoami-v2. */
export const ADA_READ_TOKEN = 'hf_e2eAdaReadToken0123456789';

export const PUBLIC_APP = 'e2e-public-app';
export const WEB_APP = 'e2e-web-app';
export const WEB_APP_SECRET = 'e2e-web-app-secret-0123456789';
/** authlib's (Gradio's) callback carries a query string (docs/hf-clients.md "OAuth and OpenID Connect"). */
export const WEB_APP_CALLBACK_PATH = '/login/callback?_target_url=%2Fhome';
/** How the web app registers that callback: any query on that address (docs/settings-api.md). */
export const WEB_APP_REGISTERED_CALLBACK_PATH = '/login/callback?*';

/**
 * The seed, with the web app's callback on `callbackOrigin` (`http://127.0.0.1:<port>`): an app
 * with a secret has exact redirect URIs, port included.
 */
export function authE2eSeed(callbackOrigin = 'http://127.0.0.1') {
  return {
    ...AUTH_E2E_SEED,
    apps: AUTH_E2E_SEED.apps.map((app) =>
      app.clientId === WEB_APP
        ? { ...app, redirectUris: [`${callbackOrigin}${WEB_APP_REGISTERED_CALLBACK_PATH}`] }
        : app,
    ),
  };
}

export const AUTH_E2E_SEED = {
  users: [
    {
      username: ADA.username,
      email: ADA.email,
      fullname: 'Ada Lovelace',
      password: ADA.password,
      isPro: true,
    },
    {
      username: 'grace',
      email: 'grace@example.com',
      fullname: 'Grace Hopper',
      password: 'grace-e2e-password',
    },
  ],
  organizations: [
    {
      name: 'analytical',
      fullname: 'Analytical Engines',
      plan: 'enterprise',
      members: [{ username: 'ada', role: 'admin' }],
    },
    {
      name: 'babbage',
      fullname: 'Babbage Society',
      plan: 'team',
      members: [
        { username: 'ada', role: 'read' },
        { username: 'grace', role: 'admin' },
      ],
    },
  ],
  accessTokens: [{ user: 'ada', name: 'e2e', role: 'read', token: ADA_READ_TOKEN }],
  apps: [
    {
      name: 'E2E Public App',
      owner: 'ada',
      clientId: PUBLIC_APP,
      redirectUris: ['http://127.0.0.1/callback'],
      scopes: ['openid', 'profile', 'email', 'read-repos', 'read-memberships'],
    },
    {
      name: 'E2E Web App',
      owner: 'analytical',
      clientId: WEB_APP,
      clientSecret: WEB_APP_SECRET,
      redirectUris: [`http://127.0.0.1${WEB_APP_REGISTERED_CALLBACK_PATH}`],
      scopes: ['openid', 'profile', 'email'],
    },
  ],
};
