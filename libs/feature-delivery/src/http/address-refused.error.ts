/** A delivery target that resolves only to addresses the worker may not connect to (SSRF guard). */
export class AddressRefusedError extends Error {
  readonly code = 'GATEHOUSE_ADDRESS_REFUSED';

  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`${host} resolves to no allowed address: ${reason}`);
    this.name = 'AddressRefusedError';
  }
}
