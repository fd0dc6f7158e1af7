import {
  DISTRIBUTED,
  type OtlpReceiver,
  SHAPES,
  type ShapeTarget,
  startOtlpReceiver,
} from '@gatehouse/testing';
import { rmSync } from 'node:fs';
import { webhookDeliverySuite } from '../delivery/webhook-delivery.suite';
import { type BuiltSdk, buildSdkIntoScratchProject } from '../sdk/support/built-sdk';
import { webhooksServerSuite } from '../sdk/webhooks-server.suite';
import { tracingSuite } from '../tracing/tracing.suite';
import { cliLifecycleSuite } from './cli-lifecycle.suite';

// The webhook clients (the CLI, the SDK's management client and WebhooksServer) against each
// shape, on the demo seed with loopback receivers allowed, every process exporting its traces to
// a collector in this test process. One Gatehouse per shape serves the four suites, in this
// order, since a stack costs a Kafka broker, four services and nginx to start; each suite watches
// repositories of its own, so their deliveries never cross.
let built: BuiltSdk | undefined;
let collector: OtlpReceiver | undefined;

beforeAll(async () => {
  built = await buildSdkIntoScratchProject();
  collector = await startOtlpReceiver();
});

afterAll(async () => {
  if (built) rmSync(built.projectDir, { recursive: true, force: true });
  await collector?.close();
});

describe.each(SHAPES)('the webhook clients against $name', (shape) => {
  let gatehouse: ShapeTarget | undefined;

  beforeAll(async () => {
    gatehouse = await shape.start({
      env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true', ...collector!.env },
    });
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
  tracingSuite(
    () => gatehouse!,
    () => collector!,
    { distributed: shape === DISTRIBUTED },
  );
});
