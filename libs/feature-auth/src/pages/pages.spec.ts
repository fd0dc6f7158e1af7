import { consentPage, ConsentPageView } from './consent.page';
import { factorStepPage } from './factor-step.page';
import { messagePage } from './message.page';
import { signInPage } from './sign-in.page';

const consentView = (fields: Partial<ConsentPageView> = {}): ConsentPageView => ({
  csrfToken: 'csrf-token',
  consentId: 'consent-id',
  username: 'alice',
  app: { name: 'My <App>', clientIdHost: null, loopbackOnly: false },
  scopes: [{ name: 'openid', description: 'Confirm who you are', fixed: true }],
  organizations: [],
  requiresUnavailableOrganization: false,
  ...fields,
});

const factorPageWithoutPasskeys = () =>
  factorStepPage({ csrfToken: 'c', totp: true, passkeys: false });

describe('pages', () => {
  it('sign-in: labelled fields, a Sign in button, the CSRF token and where to return', () => {
    const page = signInPage({
      csrfToken: 'tok"en',
      returnTo: '/oauth/authorize?a=1&b=2',
      login: '<alice>',
      error: 'Nope & nope',
    });
    expect(page).toContain('<label for="login">Username or email</label>');
    expect(page).toContain('<input type="text" id="login" name="login" value="&lt;alice&gt;"');
    expect(page).toContain('<label for="password">Password</label>');
    expect(page).toContain('<button type="submit" class="primary wide">Sign in</button>');
    expect(page).toContain('<input type="hidden" name="csrf_token" value="tok&quot;en">');
    expect(page).toContain(
      '<input type="hidden" name="return_to" value="/oauth/authorize?a=1&amp;b=2">',
    );
    expect(page).toContain('<p class="alert" role="alert">Nope &amp; nope</p>');
    expect(page).toContain('<form method="post" action="/oauth/login">');
  });

  it('consent for an organization the account is not in: says so and offers Deny only', () => {
    const page = consentPage(consentView({ requiresUnavailableOrganization: true }));
    expect(page).toContain('requires access to an organization your account is not a member of');
    expect(page).toContain(
      '<button type="submit" name="decision" value="deny" class="primary">Deny</button>',
    );
    expect(page).not.toContain('value="authorize"');
  });

  it('has no inline script or style: only the stylesheet, and the passkey script on the sign-in pages', () => {
    const signIn = signInPage({ csrfToken: 'c', returnTo: '/' });
    const factorStep = factorStepPage({ csrfToken: 'c', totp: true, passkeys: true });
    for (const page of [
      signIn,
      factorStep,
      consentPage(consentView()),
      messagePage({ title: 't', message: 'm' }),
    ]) {
      expect(page).not.toMatch(
        /<script>|<script(?! src="\/oauth\/assets\/passkey\.js" defer><\/script>)|style=|<style/,
      );
      expect(page).toContain('<link rel="stylesheet" href="/oauth/assets/pages.css">');
    }
    for (const page of [signIn, factorStep])
      expect(page).toContain('<script src="/oauth/assets/passkey.js" defer></script>');
    expect(signIn).toContain('<button type="button" class="wide">Sign in with a passkey</button>');
    expect(factorPageWithoutPasskeys()).not.toContain('<script');
  });

  it('factor step: the code field for an app or a recovery code, and a way back', () => {
    const page = factorStepPage({
      csrfToken: 'tok',
      totp: true,
      passkeys: false,
      error: 'No & no',
    });
    expect(page).toContain('<h1>Two-factor authentication</h1>');
    expect(page).toContain('<label for="code">Authentication code</label>');
    expect(page).toContain('autocomplete="one-time-code"');
    expect(page).toContain('<form method="post" action="/oauth/login/factor">');
    expect(page).toContain('<p class="alert" role="alert">No &amp; no</p>');
    expect(page).toContain('<a href="/oauth/login">Sign in as someone else</a>');
  });

  it('consent: escaped app name, scopes with descriptions, Authorize and Deny', () => {
    const page = consentPage(consentView());
    expect(page).toContain('<h1>Authorize My &lt;App&gt;</h1>');
    expect(page).toContain('<div class="scope">Confirm who you are <code>openid</code></div>');
    expect(page).toContain('<button type="submit" name="decision" value="deny">Deny</button>');
    expect(page).toContain(
      '<button type="submit" name="decision" value="authorize" class="primary">Authorize</button>',
    );
    expect(page).toContain('<input type="hidden" name="consent_id" value="consent-id">');
    expect(page).not.toContain('<fieldset>');
    expect(page).not.toContain('class="warning"');
  });

  it('consent: one checkbox per organization, required ones checked, disabled and submitted anyway', () => {
    const page = consentPage(
      consentView({
        organizations: [
          { id: 'o1', name: 'acme', fullname: 'Acme Corp', checked: true, required: true },
          { id: 'o2', name: 'beta', fullname: 'beta', checked: true, required: false },
          { id: 'o3', name: 'gamma', fullname: 'Gamma', checked: false, required: false },
        ],
      }),
    );
    expect(page).toContain(
      '<input type="checkbox" id="org-o1" checked disabled aria-describedby="org-o1-required"><input type="hidden" name="org_ids" value="o1"><label for="org-o1">Acme Corp (acme) <span class="required" id="org-o1-required">required by the app</span></label>',
    );
    expect(page).toContain(
      '<input type="checkbox" id="org-o2" name="org_ids" value="o2" checked><label for="org-o2">beta</label>',
    );
    expect(page).toContain(
      '<input type="checkbox" id="org-o3" name="org_ids" value="o3"><label for="org-o3">Gamma (gamma)</label>',
    );
  });

  it('consent: a metadata-document app shows its host and warns when it only returns to loopback', () => {
    const page = consentPage(
      consentView({ app: { name: 'Tool', clientIdHost: 'tool.example', loopbackOnly: true } }),
    );
    expect(page).toContain('This app is published by <code>tool.example</code>.');
    expect(page).toContain(
      '<p class="warning" role="note">This app only returns to addresses on your own computer.',
    );
  });
});
