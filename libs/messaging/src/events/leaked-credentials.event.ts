import { MAX_LEAKED_CREDENTIALS_PER_REPORT } from '@gatehouse/domain';
import { z } from 'zod';
import { defineEvent } from './event-definition';

/**
 * leaked_credentials.reported v1, on Topics.leakedCredentials, key: report id. Written by `auth`
 * through its outbox when `POST /api/credentials/revoke` accepts a batch, read by `auth` alone
 * (docs/security.md "Leaked tokens"): every live token among the hashes is revoked and its owner
 * told once. The tokens themselves never leave the request; a hash lets nobody use a token.
 */
export const leakedCredentialsReportedEvent = defineEvent({
  type: 'leaked_credentials.reported',
  version: 1,
  schema: z.object({
    reportId: z.string().regex(/^[0-9a-f]{24}$/),
    /** SHA-256 (hex) of each distinct well-formed token of the batch, the lookup key of every token table. */
    tokenHashes: z
      .array(z.string().regex(/^[0-9a-f]{64}$/))
      .min(1)
      .max(MAX_LEAKED_CREDENTIALS_PER_REPORT),
    /**
     * How many of them end with a valid checksum (minted since tokens carry one): for the logs, a
     * measure of how much of what scanners send could be Gatehouse tokens at all.
     */
    checksummed: z.number().int().min(0),
    reportedAt: z.iso.datetime({ offset: true }),
  }),
});

export type LeakedCredentialsReportedData = z.output<typeof leakedCredentialsReportedEvent.schema>;
