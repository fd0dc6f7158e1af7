import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type BackchannelLogoutApp,
  BackchannelLogoutAppReader,
} from '../ports/backchannel-logout-app.reader';

@Injectable()
export class SqlBackchannelLogoutAppReader extends BackchannelLogoutAppReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async appsOf(userId: string): Promise<BackchannelLogoutApp[]> {
    return (await this.dataSource.query(
      `SELECT a.client_id AS "clientId", a.backchannel_logout_uri AS "backchannelLogoutUri",
              a.backchannel_logout_session_required AS "sessionRequired"
         FROM oauth_apps a
        WHERE a.backchannel_logout_uri IS NOT NULL
          AND EXISTS (SELECT 1 FROM consents c WHERE c.client_id = a.client_id AND c.user_id = $1)
        ORDER BY a.client_id`,
      [userId],
    )) as BackchannelLogoutApp[];
  }
}
