import { Injectable } from '@nestjs/common';
import { resolveWithin } from '@gatehouse/platform';
import { type HostResolution, HostResolver } from '../ports/host-resolver';

const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);
const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * The system resolver the outbound guard's connections use (getaddrinfo), every address of
 * both families, within a bounded wait.
 */
@Injectable()
export class DnsHostResolver extends HostResolver {
  async resolve(host: string): Promise<HostResolution> {
    try {
      const answers = await resolveWithin(host, LOOKUP_TIMEOUT_MS);
      return { kind: 'resolved', addresses: answers.map((answer) => answer.address) };
    } catch (error) {
      if (NOT_FOUND_CODES.has((error as NodeJS.ErrnoException).code ?? ''))
        return { kind: 'not_found' };
      throw error;
    }
  }
}
