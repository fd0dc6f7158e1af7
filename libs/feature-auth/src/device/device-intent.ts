import { z } from 'zod';

/** `intent.kind` of consents asked by the device verification page. */
export const DEVICE_INTENT = 'device_code';

/** What the device flow needs back after consent to record the user's answer. */
export const deviceIntentSchema = z.object({
  deviceCodeHash: z.string(),
  /** Epoch milliseconds of the user's sign-in, for the tokens' `auth_time`. */
  authTime: z.number().int(),
});

export type DeviceIntent = z.infer<typeof deviceIntentSchema>;
