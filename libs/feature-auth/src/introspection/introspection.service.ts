import { Inject, Injectable } from '@nestjs/common';
import { type FineGrainedGrant, formatScope, InvalidRequest, OrgRole } from '@gatehouse/domain';
import {
  AccountReader,
  BearerAuthenticator,
  IDENTITY_OPTIONS,
  IdentityOptions,
  Principal,
  principalAccount,
} from '@gatehouse/identity';

interface IntrospectedOrganization {
  sub: string;
  name: string;
  roleInOrg: OrgRole;
}

/** RFC 7662 §2.2, plus what the platform's services need to apply the access policy. */
export type IntrospectionResponse =
  | { active: false }
  | {
      active: true;
      iss: string;
      token_type: 'bearer';
      /** personal, oauth, exchange or trusted_publisher. */
      kind: Principal['kind'];
      scope?: string;
      client_id?: string;
      sub?: string;
      username?: string;
      iat: number;
      exp?: number;
      /** Organizations the token may act on, with the user's current role in each. */
      organizations: IntrospectedOrganization[];
      /** Personal tokens: `read`, `write` or `fineGrained`, and the token's name. */
      role?: 'read' | 'write' | 'fineGrained';
      name?: string;
      /** Fine-grained tokens: their grant; `/internal/authorize` decides with it. */
      fine_grained?: FineGrainedGrant;
      /** Exchange tokens. */
      bound_org?: string;
      member_role?: OrgRole;
      /** Trusted-publisher tokens. */
      repo?: { type: string; name: string };
    };

/** Token introspection for the platform's internal services (RFC 7662). */
@Injectable()
export class IntrospectionService {
  constructor(
    private readonly bearer: BearerAuthenticator,
    private readonly accounts: AccountReader,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async introspect(token: string | undefined): Promise<IntrospectionResponse> {
    if (!token) throw new InvalidRequest('token is required');
    const principal = await this.bearer.resolve(token);
    // §2.2: an inactive token gets `active` alone, nothing about why.
    if (!principal) return { active: false };
    const memberships = (await principalAccount(principal, this.accounts))?.memberships ?? [];
    const organizations = memberships
      .filter((membership) => principal.grantedOrgIds.includes(membership.id))
      .map((membership) => ({
        sub: membership.id,
        name: membership.name,
        roleInOrg: membership.roleInOrg,
      }));
    return {
      active: true,
      iss: this.options.publicUrl,
      token_type: 'bearer',
      kind: principal.kind,
      ...(principal.kind !== 'personal' && { scope: formatScope(principal.scopes) }),
      ...(principal.clientId !== null && { client_id: principal.clientId }),
      ...(principal.user && { sub: principal.user.id, username: principal.user.username }),
      iat: seconds(principal.createdAt),
      ...(principal.expiresAt && { exp: seconds(principal.expiresAt) }),
      organizations,
      ...(principal.role && { role: principal.role }),
      ...(principal.fineGrained && { fine_grained: principal.fineGrained }),
      ...(principal.displayName !== null && { name: principal.displayName }),
      ...(principal.boundOrgId !== null && { bound_org: principal.boundOrgId }),
      ...(principal.memberRole !== null && { member_role: principal.memberRole }),
      ...(principal.repo && { repo: principal.repo }),
    };
  }
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
