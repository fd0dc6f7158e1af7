import { type HostResolution, HostResolver } from '../webhooks/ports/host-resolver';

/** Answers from a table; hosts not in it do not resolve, `failing` ones throw (a resolver outage). */
export class FakeHostResolver extends HostResolver {
  readonly answers = new Map<string, string[]>();
  readonly failing = new Set<string>();
  readonly asked: string[] = [];

  async resolve(host: string): Promise<HostResolution> {
    this.asked.push(host);
    if (this.failing.has(host)) throw new Error(`resolver timed out for ${host}`);
    const addresses = this.answers.get(host);
    return addresses ? { kind: 'resolved', addresses } : { kind: 'not_found' };
  }
}
