import { startAllInOne } from '@gatehouse/testing';

/** Where the settings pages are served, and how the test publishes a repo change event there. */
export interface SettingsTarget {
  base: string;
  /** POST /internal/events with the internal token (webhook-management, or the all-in-one). */
  publishEvents(events: unknown[]): Promise<Response>;
  output(): string;
  stop(): Promise<void>;
}

export interface SettingsShape {
  name: string;
  start(): Promise<SettingsTarget>;
}

/** The all-in-one of `npm start`, on its embedded stores, with the demo seed; receivers on loopback allowed. */
export const ALL_IN_ONE: SettingsShape = {
  name: 'the all-in-one',
  async start() {
    const gatehouse = await startAllInOne({ listeningUrlIsPublic: true, env: { GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true' } });
    return {
      base: gatehouse.url,
      publishEvents: (events) =>
        fetch(`${gatehouse.url}/internal/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${gatehouse.internalToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify(events),
        }),
      output: () => gatehouse.process.output(),
      stop: () => gatehouse.stop(),
    };
  },
};
