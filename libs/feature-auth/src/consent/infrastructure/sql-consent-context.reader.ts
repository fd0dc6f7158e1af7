import { Injectable } from '@nestjs/common';
import { HAS_SECOND_FACTOR } from '@gatehouse/identity';
import { PreparedStatement } from '@gatehouse/persistence';
import { DataSource } from 'typeorm';
import {
  ConsentContext,
  ConsentContextReader,
  type TwoFactorStanding,
} from '../ports/consent-context.reader';

const READ_CONTEXT = new PreparedStatement(`SELECT
  (SELECT json_build_object('clientId', a.client_id, 'name', a.name, 'redirectUris', a.redirect_uris, 'scopes', a.scopes,
                            'hasSecret', a.client_secret_hash IS NOT NULL)
     FROM oauth_apps a WHERE a.client_id = $1) AS app,
  (SELECT json_build_object('id', u.id, 'username', u.username, 'fullname', u.fullname, 'email', u.email,
                            'avatarUrl', u.avatar_url, 'isPro', u.is_pro, 'disabled', u.disabled_at IS NOT NULL,
                            'emailConfirmed', u.email_confirmed_at IS NOT NULL)
     FROM users u WHERE u.id = $2) AS "user",
  COALESCE((SELECT json_agg(json_build_object(
              'organization', json_build_object('id', o.id, 'name', o.name, 'fullname', o.fullname, 'plan', o.plan, 'avatarUrl', o.avatar_url),
              'role', m.role) ORDER BY o.name)
     FROM memberships m JOIN organizations o ON o.id = m.org_id WHERE m.user_id = $2), '[]'::json) AS memberships,
  (SELECT json_build_object('scopes', c.scopes, 'orgIds', c.org_ids)
     FROM consents c WHERE c.user_id = $2 AND c.client_id = $1) AS remembered,
  ${HAS_SECOND_FACTOR('$2')} AS "secondFactor",
  ARRAY(SELECT m.org_id FROM memberships m JOIN organization_token_policies p ON p.org_id = m.org_id
         WHERE m.user_id = $2 AND p.require_two_factor) AS "twoFactorOrgIds"`);

@Injectable()
export class SqlConsentContextReader extends ConsentContextReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async read(clientId: string, userId: string | null): Promise<ConsentContext> {
    const [row] = await READ_CONTEXT.run<Omit<ConsentContext, 'twoFactor'> & TwoFactorStanding>(
      this.dataSource,
      [clientId, userId],
    );
    return {
      app: row!.app,
      user: row!.user,
      memberships: row!.memberships,
      remembered: row!.remembered,
      twoFactor: { secondFactor: row!.secondFactor, twoFactorOrgIds: row!.twoFactorOrgIds },
    };
  }
}
