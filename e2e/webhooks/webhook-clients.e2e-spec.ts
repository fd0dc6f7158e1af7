import { SHAPES, type ShapeTarget } from '@gatehouse/testing';
import { rmSync } from 'node:fs';
import { webhookDeliverySuite } from '../delivery/webhook-delivery.suite';
import { type BuiltSdk, buildSdkIntoScratchProject } from '../sdk/support/built-sdk';
import { webhooksServerSuite } from '../sdk/webhooks-server.suite';
import { cliLifecycleSuite } from './cli-lifecycle.suite';

// The webhook clients (the CLI, the SDK's management client and WebhooksServer) against each
// shape, on the demo seed with loopback receivers allowed. One Gatehouse per shape serves the
// three suites, in this order, since a stack costs a Kafka broker, four services and nginx to
// start; each suite watches repositories of its own, so their deliveries never cross.
let built: BuiltSdk | undefined;

beforeAll(async () => {
  built = await buildSdkIntoScratchProject();
});

afterAll(() => {
  if (built) rmSync(built.projectDir, { recursive: true, force: true });
});

describe.each(SHAPES)('the webhook clients against $name', (shape) => {
  let gatehouse: ShapeTarget | undefined;

  beforeAll(async () => {
    gatehouse = await shape.start({ env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' } });
  });

  afterAll(async () => {
    await gatehouse?.stop();
  });

  cliLifecycleSuite(() => gatehouse!);
  webhookDeliverySuite(() => gatehouse!);
  webhooksServerSuite(
    () => gatehouse!,
    () => built!,
  );
});
