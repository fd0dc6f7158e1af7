import { WebhooksServer } from '@gatehouse/sdk';

// `tunnel: true` opens a temporary public address (it expires after 72 hours) through a
// localtunnel-protocol server: GATEHOUSE_TUNNEL_HOST, else https://localtunnel.me.
// On a hosting platform (SPACE_ID set) no tunnel is opened.
const server = new WebhooksServer({ tunnel: true });

server.add(function sayHello(payload) {
  return { message: `hello from ${payload.repo.name}` };
});

const { publicUrl, urls } = await server.launch();
if (publicUrl) console.log(`Register ${urls[0]} as the webhook URL while you debug.`);
