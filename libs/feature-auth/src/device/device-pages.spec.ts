import { deviceCodePage } from './device-code.page';
import { deviceConsentPage } from './device-consent.page';

describe('device flow pages', () => {
  it('the code page posts the typed code with the CSRF token, and escapes what it shows', () => {
    const page = deviceCodePage({
      csrfToken: 'csrf1',
      username: 'ada',
      userCode: '<b>x</b>',
      error: 'Wrong & bad',
    });
    expect(page).toContain('<form method="post" action="/oauth/device/verify">');
    expect(page).toContain('<input type="hidden" name="csrf_token" value="csrf1">');
    expect(page).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
    expect(page).toContain('<p class="alert" role="alert">Wrong &amp; bad</p>');
  });

  it('the consent page warns first, names the app, the code, the scopes and the organizations, and posts to the shared consent endpoint', () => {
    const page = deviceConsentPage({
      userCode: 'BCDF-GHJK',
      requestedMinutesAgo: 2,
      consent: {
        csrfToken: 'csrf1',
        consentId: 'c1',
        username: 'ada',
        app: { name: 'Gatehouse CLI', clientIdHost: null, loopbackOnly: false },
        scopes: [{ name: 'read-repos', description: 'Read your models', fixed: false }],
        organizations: [
          { id: 'o1', name: 'acme', fullname: 'Acme Inc', checked: false, required: false },
        ],
        requiresUnavailableOrganization: false,
      },
    });
    expect(page).toContain('<h1>Authorize Gatehouse CLI on a device</h1>');
    expect(page).toContain(
      'Only approve this if you started this sign-in yourself, on a device you own.',
    );
    expect(page.indexOf('Only approve this')).toBeLessThan(page.indexOf('<form'));
    expect(page).toContain('Device code <code>BCDF-GHJK</code>, requested 2 minutes ago.');
    expect(page).toContain(
      '<input type="checkbox" id="scope-read-repos" name="scopes" value="read-repos" checked><label for="scope-read-repos">Read your models <code>read-repos</code></label>',
    );
    expect(page).toContain(
      '<input type="checkbox" id="org-o1" name="org_ids" value="o1"><label for="org-o1">Acme Inc (acme)</label>',
    );
    expect(page).toContain('<form method="post" action="/oauth/consent">');
    expect(page).toContain('<input type="hidden" name="consent_id" value="c1">');
    expect(page).toContain(
      '<button type="submit" name="decision" value="authorize" class="primary">Authorize</button>',
    );
  });
});
