import { Injectable } from '@nestjs/common';
import { systemResolver } from '@gatehouse/platform';
import { type HostResolution, HostResolver } from '../ports/host-resolver';

const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);
const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * The system resolver the outbound guard's connections use (getaddrinfo), every address of
 * both families. getaddrinfo has no timeout of its own, so the wait is bounded here.
 */
@Injectable()
export class DnsHostResolver extends HostResolver {
  async resolve(host: string): Promise<HostResolution> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`resolving ${host} took longer than ${LOOKUP_TIMEOUT_MS} ms`)), LOOKUP_TIMEOUT_MS);
    });
    try {
      const answers = await Promise.race([systemResolver(host), timeout]);
      return { kind: 'resolved', addresses: answers.map((answer) => answer.address) };
    } catch (error) {
      if (NOT_FOUND_CODES.has((error as NodeJS.ErrnoException).code ?? '')) return { kind: 'not_found' };
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
