import type { WebhookInfo } from '@gatehouse/sdk';

export type OutputFormat = 'table' | 'json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json'];

function target(webhook: WebhookInfo): string {
  if (webhook.url) return webhook.url;
  const job = webhook.job;
  if (!job) return '-';
  const image = job.dockerImage ?? (job.spaceId ? `space:${job.spaceId}` : undefined);
  return `job: ${image ?? (job.command ?? []).join(' ')}`;
}

const watchedText = (webhook: WebhookInfo) =>
  webhook.watched.map((item) => `${item.type}:${item.name}`).join(', ');
const status = (webhook: WebhookInfo) => (webhook.disabled ? 'disabled' : 'enabled');

/** `gatehouse webhooks ls`: one row per webhook, columns padded to their widest cell. */
function webhookTable(webhooks: readonly WebhookInfo[]): string {
  if (webhooks.length === 0) return 'No webhooks.';
  const rows = [
    ['ID', 'STATUS', 'TARGET', 'WATCHED', 'DOMAINS'],
    ...webhooks.map((webhook) => [
      webhook.id,
      status(webhook),
      target(webhook),
      watchedText(webhook),
      webhook.domains.join(', '),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}

/**
 * `gatehouse webhooks info`: the webhook, one field a line. The webhook secret is shown as set or
 * not, so it does not land in terminal scrollback; `--format json` prints it as the API answers.
 */
function webhookDetails(webhook: WebhookInfo): string {
  const lines: Array<[string, string]> = [
    ['id', webhook.id],
    ['status', status(webhook)],
    webhook.url ? ['url', webhook.url] : ['job', target(webhook).replace(/^job: /, '')],
    ['watched', watchedText(webhook)],
    ['domains', webhook.domains.join(', ')],
    ['secret', webhook.secret ? 'set' : 'none'],
  ];
  const jobSecrets = webhook.job?.secrets;
  if (webhook.job)
    lines.push(
      [
        'job secrets',
        Array.isArray(jobSecrets) && jobSecrets.length > 0 ? jobSecrets.join(', ') : 'none',
      ],
      ['job token', webhook.jobToken ?? 'none'],
    );
  const width = Math.max(...lines.map(([label]) => label.length)) + 1;
  return lines.map(([label, value]) => `${`${label}:`.padEnd(width)} ${value}`).join('\n');
}

export function render(format: OutputFormat, value: WebhookInfo | WebhookInfo[]): string {
  if (format === 'json') return JSON.stringify(value, null, 2);
  return Array.isArray(value) ? webhookTable(value) : webhookDetails(value);
}
