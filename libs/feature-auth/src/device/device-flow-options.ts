/** The verification page (RFC 8628 §3.3); `POST` on it is the device authorization endpoint (RFC 8628 §3.1). */
export const DEVICE_VERIFICATION_PATH = '/oauth/device';

/** Limits of the device flow: user-code entry (RFC 8628 §5.1), wrong codes allowed per window per key, and starts per address. */
export interface UserCodeEntryLimits {
  /** Wrong codes per signed-in user within `windowSeconds`. */
  perUser: number;
  /** Wrong codes per client address within `windowSeconds`. */
  perAddress: number;
  windowSeconds: number;
  /** Wrong codes on the whole server within `globalWindowSeconds`: caps a guesser spread over many accounts and addresses. */
  global: number;
  globalWindowSeconds: number;
  /** Device authorizations (`POST /oauth/device`) started per client address within `startWindowSeconds`. */
  startsPerAddress: number;
  startWindowSeconds: number;
}

/** How the device flow behaves (from the app's configuration, through DeviceFlowModule.forRoot). */
export interface DeviceFlowOptions {
  /** GATEHOUSE_PUBLIC_URL: the verification page is `{publicUrl}/oauth/device`. */
  publicUrl: string;
  /** GATEHOUSE_DEVICE_CODE_TTL_SECONDS: how long a device code and its user code live. */
  deviceCodeTtlSeconds: number;
  /** GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS: the `interval` answered (RFC 8628 §3.2). */
  pollIntervalSeconds: number;
  limits?: Partial<UserCodeEntryLimits>;
}

const DEFAULT_USER_CODE_ENTRY_LIMITS: UserCodeEntryLimits = {
  perUser: 5,
  perAddress: 5,
  windowSeconds: 10 * 60,
  global: 100,
  globalWindowSeconds: 60,
  startsPerAddress: 30,
  startWindowSeconds: 60,
};

export const DEVICE_FLOW_OPTIONS = Symbol('gatehouse.auth.deviceFlowOptions');

/** The options with every limit filled in. */
export interface ResolvedDeviceFlowOptions {
  /** `verification_uri` (RFC 8628 §3.2). */
  verificationUri: string;
  deviceCodeTtlSeconds: number;
  pollIntervalSeconds: number;
  limits: UserCodeEntryLimits;
}

export function resolveDeviceFlowOptions(options: DeviceFlowOptions): ResolvedDeviceFlowOptions {
  return {
    verificationUri: `${options.publicUrl.replace(/\/+$/, '')}${DEVICE_VERIFICATION_PATH}`,
    deviceCodeTtlSeconds: options.deviceCodeTtlSeconds,
    pollIntervalSeconds: options.pollIntervalSeconds,
    limits: { ...DEFAULT_USER_CODE_ENTRY_LIMITS, ...options.limits },
  };
}
