import { z } from 'zod';

/** The app as the consent page shows it. */
const consentClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  /** Metadata-document apps: the client ID's host name (CIMD §6: the user must see who vouches). */
  clientIdHost: z.string().nullable(),
  /** Every redirect URI is an http loopback one: the page warns. */
  loopbackOnly: z.boolean(),
});

export type ConsentClient = z.infer<typeof consentClientSchema>;

/**
 * What a flow asks the user to approve. `intent` is the flow's own data, opaque here and handed
 * back to the ConsentOutcomeHandler registered for `intent.kind` once the user decides:
 * `authorization_code` redirects to the app, the device flow completes a device authorization.
 */
export const consentRequestSchema = z.object({
  userId: z.string(),
  client: consentClientSchema,
  scopes: z.array(z.string()),
  /** Organizations the app requires (`orgIds`): pre-checked and impossible to leave out. */
  requiredOrgIds: z.array(z.string()),
  intent: z.object({ kind: z.string(), payload: z.record(z.string(), z.unknown()) }),
  /**
   * What the page shows of the user, read when the request was parked, so that showing it reads
   * nothing again. Absent (a device flow's request), the page reads it.
   */
  shown: z
    .object({
      username: z.string(),
      organizations: z.array(z.object({ id: z.string(), name: z.string(), fullname: z.string() })),
      /** The organizations of the consent given before: pre-checked. */
      rememberedOrgIds: z.array(z.string()),
    })
    .optional(),
});

export type ConsentRequest = z.infer<typeof consentRequestSchema>;
