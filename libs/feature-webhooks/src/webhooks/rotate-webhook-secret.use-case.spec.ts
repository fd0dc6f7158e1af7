import { webhookSecretContext } from '@gatehouse/domain';
import { aDeliveryAttemptRecord, aDeliveryRecord } from '../testing/delivery-builders';
import { Topics } from '@gatehouse/messaging';
import { BOB_ID, personalPrincipal } from '../testing/principals';
import {
  createWebhooksTestKit,
  failure,
  NOW,
  type WebhooksTestKit,
} from '../testing/webhooks-test-kit';

describe('RotateWebhookSecret', () => {
  let kit: WebhooksTestKit;
  let id: string;
  const alice = personalPrincipal();

  beforeEach(async () => {
    kit = createWebhooksTestKit();
    ({ id } = await kit.create.execute(alice, {
      watched: [{ type: 'model', name: 'acme/bert' }],
      url: 'https://hooks.example.com/a',
      secret: 'old-secret',
    }));
  });

  it('seals the new secret, keeps the old one until the overlap ends and tells the worker', async () => {
    const rotated = await kit.rotate.execute(alice, id, {
      secret: 'new-secret',
      overlapSeconds: 600,
    });
    expect(rotated).toMatchObject({
      secret: 'new-secret',
      previousSecretUntil: new Date(NOW + 600_000).toISOString(),
      webhook: { id, secret: 'new-secret' },
    });
    const stored = kit.repository.rows.get(id)!;
    const open = (sealed: string) => kit.secretBox.decrypt(sealed, webhookSecretContext(id));
    expect(open(stored.sealedSecret!)).toBe('new-secret');
    expect(open(stored.previousSecret!.sealed)).toBe('old-secret');
    expect(stored.previousSecret!.until).toEqual(new Date(NOW + 600_000));
    expect(stored.revision).toBe(2);
    expect(kit.repository.outbox.at(-1)).toMatchObject({ topic: Topics.webhookChanged });
    expect(JSON.stringify(kit.repository.outbox)).not.toContain('new-secret');
  });

  it('refuses a stranger with 404 and changes nothing', async () => {
    const refused = await failure(() => kit.rotate.execute(personalPrincipal(BOB_ID), id, {}));
    expect(refused).toMatchObject({ code: 'not_found', message: 'Webhook not found' });
    expect(kit.repository.rows.get(id)!.revision).toBe(1);
  });

  it('shows a signature per secret, masked, in the detail of a delivery made during the overlap', async () => {
    await kit.rotate.execute(alice, id, { secret: 'new-secret', overlapSeconds: 600 });
    const during = aDeliveryRecord({
      id: 'd00000000000000000000001',
      webhookId: id,
      attemptLog: [aDeliveryAttemptRecord({ startedAt: new Date(NOW + 1_000) })],
    });
    const after = aDeliveryRecord({
      id: 'd00000000000000000000002',
      webhookId: id,
      attemptLog: [aDeliveryAttemptRecord({ startedAt: new Date(NOW + 601_000) })],
    });
    kit.deliveries.add(during);
    kit.deliveries.add(after);
    const headersOf = async (deliveryId: string) =>
      (await kit.detail.execute(alice, id, deliveryId)).request!.headers;
    expect(await headersOf(during.id)).toMatchObject({
      'x-webhook-secret': '********',
      'webhook-signature': 'v1,******** v1,********',
    });
    expect((await headersOf(after.id))['webhook-signature']).toBe('v1,********');
  });
});
