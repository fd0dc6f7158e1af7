export interface LandingPageContext {
  /** Base URL the visitor reached the server at (public tunnel or hosting URL when there is one). */
  baseUrl: string;
  routes: readonly string[];
  secretConfigured: boolean;
  /** The Gatehouse deployment, for the link to its webhook settings page. */
  gatehouseEndpoint?: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The default page at `/`: the routes and how to register them as webhooks. */
export function renderLandingPage(context: LandingPageContext): string {
  const routeUrls = context.routes.map((route) => `${context.baseUrl}${route}`);
  const routeItems = routeUrls.length
    ? routeUrls.map((url) => `<li><code>POST ${escapeHtml(url)}</code></li>`).join('\n')
    : '<li>No handler registered yet.</li>';
  const exampleUrl = routeUrls[0] ?? `${context.baseUrl}/webhooks/<name>`;
  const secretFlag = context.secretConfigured ? ' --secret "$WEBHOOK_SECRET"' : '';
  const settingsUrl = context.gatehouseEndpoint
    ? `${context.gatehouseEndpoint.replace(/\/+$/, '')}/settings/webhooks`
    : undefined;
  const settings = settingsUrl
    ? `<a href="${escapeHtml(settingsUrl)}">${escapeHtml(settingsUrl)}</a>`
    : 'the Webhooks page of your Gatehouse settings (<code>/settings/webhooks</code>)';
  const secretNote = context.secretConfigured
    ? 'Deliveries must carry the webhook secret in the <code>X-Webhook-Secret</code> header; others are refused.'
    : '<strong>No webhook secret is set: these endpoints accept requests from anyone.</strong> Set <code>WEBHOOK_SECRET</code> or pass <code>webhookSecret</code>.';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Gatehouse webhooks server</title></head>
<body>
<h1>Gatehouse webhooks server</h1>
<p>This server receives webhook deliveries. It is experimental: its API may change without notice.</p>
<h2>Routes</h2>
<ul>
${routeItems}
</ul>
<p>${secretNote}</p>
<h2>Register a route as a webhook</h2>
<p>With the command-line tool:</p>
<pre><code>gatehouse webhooks create --url ${escapeHtml(exampleUrl)} --watch model:&lt;name&gt;${escapeHtml(secretFlag)}</code></pre>
<p>Or on ${settings}: paste the route's URL as the webhook's target.</p>
</body>
</html>
`;
}
