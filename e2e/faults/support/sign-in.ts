import { type Outcome, outcomeOf, timedFetch } from './request-load';

/** The demo seed's user (libs/persistence/seed/demo.yaml). */
export const DEMO_USER = { login: 'alice', password: 'gatehouse-demo' };

/**
 * One sign-in through the gateway as a browser makes it: the sign-in page (a CSRF token and its
 * cookie), then the form post. It succeeds with a 303 that sets the session cookie.
 */
export async function signIn(base: string): Promise<Outcome> {
  const page = await timedFetch(`${base}/oauth/login`);
  if (page.status !== 200) return outcomeOf(page, false);
  const cookie = page.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const answer = await timedFetch(`${base}/oauth/login`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      csrf_token: csrf,
      return_to: '/settings',
      login: DEMO_USER.login,
      password: DEMO_USER.password,
    }),
  });
  await answer.arrayBuffer();
  const session = answer.headers
    .getSetCookie()
    .some((value) => value.startsWith('gatehouse_session='));
  return outcomeOf(answer, answer.status === 303 && session);
}
