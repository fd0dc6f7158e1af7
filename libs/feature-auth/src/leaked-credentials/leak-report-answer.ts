/**
 * The one answer of `POST /api/credentials/revoke` to any batch it accepts: 202 with this body,
 * whatever the batch held, so the answer tells nothing about any token (docs/security.md "Leaked
 * tokens").
 */
export const LEAK_REPORT_ACCEPTED = { status: 'accepted' } as const;

export const LEAK_REPORT_STATUS = 202;
