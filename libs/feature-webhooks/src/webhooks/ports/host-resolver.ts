export type HostResolution = { kind: 'resolved'; addresses: string[] } | { kind: 'not_found' };

/**
 * Name resolution for the webhook URL check. Answers `not_found` when the name has no address;
 * throws on a transient failure (timeout, unreachable resolver).
 */
export abstract class HostResolver {
  abstract resolve(host: string): Promise<HostResolution>;
}
