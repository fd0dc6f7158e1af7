/** Where the receiver runs: on a hosting platform (no tunnel needed) or on a developer's machine. */
export interface HostingEnvironment {
  hosted: boolean;
  /** The platform's public URL for this app, when it says so. */
  publicUrl?: string;
}

/** Hosted means `SPACE_ID` is set, as in the Python WebhooksServer; `SPACE_HOST` gives the public host. */
export function detectHosting(
  env: Readonly<Record<string, string | undefined>>,
): HostingEnvironment {
  if (!env.SPACE_ID) return { hosted: false };
  return env.SPACE_HOST
    ? { hosted: true, publicUrl: `https://${env.SPACE_HOST}` }
    : { hosted: true };
}
