/**
 * A connection the outbound guard would not open: the host resolves to no address Gatehouse may
 * reach on a user's behalf. `reason` names the refused block, for the log only (docs/security.md).
 */
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
