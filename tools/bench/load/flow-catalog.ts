import type { FlowSpec } from '../harness/load-spec';
import { CredentialPool } from './credential-pool';
import { Flow, FlowState } from './flow';
import { gatehouseSignIn } from './flows/gatehouse-sign-in';
import { CodeFlowState, credentialsOf } from './flows/oauth-steps';
import { oidcProviderSignIn } from './flows/oidc-provider-sign-in';
import { refreshRotation } from './flows/refresh-rotation';
import { returningUser } from './flows/returning-user';
import { bearerGet, internalAuthorize, introspect } from './flows/token-checks';
import { tokenExchange } from './flows/token-exchange';

/** The flow a spec names, wired to the load process's pools. */
export function flowFor(spec: FlowSpec, pool: (name: string) => CredentialPool): Flow<FlowState> {
  switch (spec.kind) {
    case 'gatehouse-sign-in':
    case 'oidc-provider-sign-in': {
      const keep = (spec.keepIn ?? []).map(pool);
      const login = (n: number) => `${spec.loginPrefix}${spec.firstVisitor + n}`;
      const onDone = (flow: CodeFlowState) => keep.forEach((kept) => kept.add(credentialsOf(flow)));
      return spec.kind === 'gatehouse-sign-in'
        ? gatehouseSignIn(spec.target, login, spec.password, onDone)
        : oidcProviderSignIn(spec.target, login, spec.password, onDone);
    }
    case 'returning-user':
      return returningUser(spec.target, pool(spec.sessions));
    case 'refresh-rotation':
      return refreshRotation(spec.target, pool(spec.tokens));
    case 'bearer-get':
      return bearerGet(spec.path, pool(spec.tokens));
    case 'introspect':
      return introspect(spec.path, spec.authorization, pool(spec.tokens));
    case 'internal-authorize':
      return internalAuthorize(spec.path, spec.authorization, pool(spec.tokens));
    case 'token-exchange':
      return tokenExchange(spec.clients);
  }
}
