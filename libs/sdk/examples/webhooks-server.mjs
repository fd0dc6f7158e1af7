import { WebhooksServer } from '@gatehouse/sdk';

// The secret comes from WEBHOOK_SECRET; without one, every endpoint is open (and a warning says so).
const server = new WebhooksServer();

// Served at POST /webhooks/sayHello: the function's name is the route.
server.add(async function sayHello(payload) {
  return { message: `hello from ${payload.repo.name}` };
});

// Served at POST /webhooks/retrain: an explicit path.
server.add('/retrain', async (payload) => {
  if (payload.event.scope === 'repo.content') {
    console.log(`retraining on ${payload.repo.name} at ${payload.repo.headSha}`);
  }
});

// No launch() call: the server starts once this script's top-level code has run.
