import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MembershipSource } from '../ports/membership-source';

@Injectable()
export class TypeOrmMembershipSource extends MembershipSource {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async organizationsOfWebhookOwners(): Promise<Map<string, Set<string>>> {
    const rows: Array<{ user_id: string; org_id: string }> = await this.dataSource.query(
      `SELECT m.user_id, m.org_id FROM memberships m
        WHERE m.user_id IN (SELECT DISTINCT owner_user_id FROM webhooks)`,
    );
    const byUser = new Map<string, Set<string>>();
    for (const { user_id: userId, org_id: orgId } of rows) {
      let orgs = byUser.get(userId);
      if (!orgs) byUser.set(userId, (orgs = new Set()));
      orgs.add(orgId);
    }
    return byUser;
  }
}
