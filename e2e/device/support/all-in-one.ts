import { RunningAllInOne, startAllInOne } from '@gatehouse/testing';

/** The demo seed's user (libs/persistence/seed/demo.yaml) and its public CLI app. */
export const DEMO_USER = { username: 'alice', password: 'gatehouse-demo' };
export const CLI_CLIENT_ID = 'gatehouse-cli';
/** Polls every second instead of five, so the suites wait less. */
export const POLL_INTERVAL_SECONDS = 1;

/**
 * The all-in-one with the demo seed, its public URL on 127.0.0.1 (the issuer openid-client
 * checks), and a short device poll interval.
 */
export function startDeviceFlowAllInOne(): Promise<RunningAllInOne> {
  return startAllInOne({ listeningUrlIsPublic: true, env: { GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS: String(POLL_INTERVAL_SECONDS) } });
}
