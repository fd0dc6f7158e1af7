import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import type { PeerAccount } from './peer-records';

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function page(res: ServerResponse, status: number, title: string, form: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${form}</main></body></html>`;
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(html);
}

/**
 * The sign-in and consent pages of oidc-provider's interaction API: GET shows the page the
 * pending prompt asks for, POST …/login checks the password, POST …/confirm records the grant.
 */
export async function interactionPage(
  provider: Provider,
  account: (login: string) => Promise<PeerAccount | undefined>,
  verifyPassword: (password: string, stored: string) => Promise<boolean>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const action = req.url!.split('?')[0]!.split('/')[3];
  if (req.method === 'GET') {
    if (details.prompt.name === 'login') {
      return page(
        res,
        200,
        'Sign in',
        `<form method="post" action="/interaction/${details.uid}/login"><input name="login" autocomplete="username"><input name="password" type="password"><button>Sign in</button></form>`,
      );
    }
    return page(
      res,
      200,
      'Authorize',
      `<form method="post" action="/interaction/${details.uid}/confirm"><button name="decision" value="authorize">Authorize</button></form>`,
    );
  }
  if (action === 'login' && details.prompt.name === 'login') {
    const form = await formBody(req);
    const found = await account(form.get('login') ?? '');
    if (!found || !(await verifyPassword(form.get('password') ?? '', found.passwordHash)))
      return page(res, 401, 'Sign in', '<p>Wrong login or password</p>');
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: found.sub } },
      { mergeWithLastSubmission: false },
    );
  }
  if (action === 'confirm' && details.prompt.name === 'consent') {
    const { params, session, grantId } = details;
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session!.accountId, clientId: params.client_id as string });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant!.save() } },
      { mergeWithLastSubmission: true },
    );
  }
  page(
    res,
    400,
    'Cannot continue',
    `<p>Unexpected ${req.method} ${action ?? ''} for prompt ${details.prompt.name}</p>`,
  );
}
