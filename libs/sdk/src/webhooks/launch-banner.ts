import type { Logger } from '../internal/logger';

/** Life of a tunnel address (libs/sdk/README.md "Public tunnel"). */
const TUNNEL_LIFETIME_HOURS = 72;

export interface LaunchBannerContext {
  url: string;
  publicUrl: string | undefined;
  tunnel: boolean;
  urls: readonly string[];
  secretConfigured: boolean;
}

/** What the server prints when it starts (libs/sdk/README.md "`server.launch(options?)`"). */
export function printLaunchBanner(logger: Logger, context: LaunchBannerContext): void {
  logger.info(
    `Webhooks server running at ${context.url} (experimental: pin the @gatehouse/sdk version).`,
  );
  if (context.tunnel && context.publicUrl) {
    logger.info(
      `Public tunnel: ${context.publicUrl} (temporary: the address expires after ${TUNNEL_LIFETIME_HOURS} hours).`,
    );
  } else if (context.publicUrl) {
    logger.info(`Public URL: ${context.publicUrl}`);
  }
  if (!context.secretConfigured) {
    logger.warn(
      'No webhook secret set: every endpoint is open to anyone. Set WEBHOOK_SECRET or pass webhookSecret.',
    );
  }
  if (context.urls.length === 0) {
    logger.info('No webhook route registered yet: add one with server.add(handler).');
    return;
  }
  logger.info('Webhook routes:');
  for (const url of context.urls) logger.info(`  - POST ${url}`);
  // As on the landing page: a webhook registered without the secret would only ever get 401.
  const secretFlag = context.secretConfigured ? ' --secret "$WEBHOOK_SECRET"' : '';
  logger.info(
    `Register one with: gatehouse webhooks create --url ${context.urls[0]} --watch model:<name>${secretFlag}`,
  );
}
