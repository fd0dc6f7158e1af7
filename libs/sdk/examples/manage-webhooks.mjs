import { GatehouseClient, NotFoundError } from '@gatehouse/sdk';

// Reads GATEHOUSE_ENDPOINT and GATEHOUSE_TOKEN (or HF_TOKEN) from the environment.
const client = new GatehouseClient();
const target = process.argv[2] ?? 'https://receiver.example.com/webhooks/sayHello';

const me = await client.whoami();
console.log(`Signed in as ${me.name}`);

const webhook = await client.createWebhook({
  url: target,
  watched: ['model:acme/sentiment-small', { type: 'org', name: 'acme' }],
  domains: ['repo', 'discussion'],
  secret: process.env.WEBHOOK_SECRET,
});
console.log(`Created ${webhook.id} -> ${webhook.url}`);

// Only what is given changes; `watched` left out keeps the watched items.
await client.updateWebhook(webhook.id, { domains: ['repo'] });
await client.disableWebhook(webhook.id);
await client.enableWebhook(webhook.id);

for (const each of await client.listWebhooks()) {
  console.log(`${each.id} ${each.disabled ? 'disabled' : 'enabled'} ${each.url ?? 'job'}`);
}

await client.deleteWebhook(webhook.id);
try {
  await client.getWebhook(webhook.id);
} catch (error) {
  if (!(error instanceof NotFoundError)) throw error;
  console.log(`Deleted ${webhook.id} (request ${error.requestId ?? 'without id'})`);
}
