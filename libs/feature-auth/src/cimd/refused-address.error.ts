/** A connection the SSRF guard would not open; `reason` names the address block. */
export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';

  constructor(
    readonly address: string,
    readonly reason: string,
  ) {
    super(`address ${address} is not allowed: ${reason}`);
  }
}
