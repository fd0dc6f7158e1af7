// A delivery worker process for delivery-crash.int-spec.ts, run as its own Node process (through
// register-swc.js). Its options come as JSON in
// DELIVERY_CHILD_OPTIONS (DeliveryTestAppOptions); it prints {"msg":"worker ready"} once its
// consumers have joined, and runs until killed (SIGTERM drains and exits 0).
import 'reflect-metadata';
import { type DeliveryTestAppOptions, startDeliveryApp } from './delivery-test-app';

// eslint-disable-next-line no-restricted-properties -- a test's child process, configured by its parent
const raw = process.env.DELIVERY_CHILD_OPTIONS;
if (!raw) throw new Error('DELIVERY_CHILD_OPTIONS is not set');
const options = JSON.parse(raw) as DeliveryTestAppOptions;

startDeliveryApp(options).then(
  (service) => {
    process.once('SIGTERM', () => {
      service.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    process.stdout.write(
      `${JSON.stringify({ msg: 'worker ready', url: service.url, pid: process.pid })}\n`,
    );
  },
  (error: unknown) => {
    process.stderr.write(
      `worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
