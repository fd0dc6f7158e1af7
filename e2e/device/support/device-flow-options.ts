import type { ShapeOptions } from '@gatehouse/testing';

/** The demo seed's user (libs/persistence/seed/demo.yaml) and its public CLI app. */
export const DEMO_USER = { username: 'alice', password: 'gatehouse-demo' };
export const CLI_CLIENT_ID = 'gatehouse-cli';
/** Polls every second instead of five, so the suites wait less. */
export const POLL_INTERVAL_SECONDS = 1;

/** The demo seed and a short device poll interval, on either shape. */
export const DEVICE_FLOW_OPTIONS: ShapeOptions = {
  env: { GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS: String(POLL_INTERVAL_SECONDS) },
};
