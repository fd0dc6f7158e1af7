import type { Principal } from './principal';

const PRINCIPAL = Symbol('gatehouse.principal');
type WithPrincipal = { [PRINCIPAL]?: Principal };

/** Records who is calling on the request (BearerAuthGuard does it). */
export function setRequestPrincipal(request: object, principal: Principal): void {
  (request as WithPrincipal)[PRINCIPAL] = principal;
}

/** The principal BearerAuthGuard set on the request, if any. */
export function requestPrincipal(request: object): Principal | undefined {
  return (request as WithPrincipal)[PRINCIPAL];
}
