import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmLeakedTokenNoticeStore } from './infrastructure/typeorm-leaked-token-notice.store';
import { SqlLeakedTokenStore } from './infrastructure/sql-leaked-token.store';
import { LeakedCredentialsConsumer } from './leaked-credentials.consumer';
import { LeakedCredentialsController } from './leaked-credentials.controller';
import {
  DEFAULT_LEAKED_CREDENTIALS_OPTIONS,
  LEAKED_CREDENTIALS_OPTIONS,
  type LeakedCredentialsOptions,
} from './leaked-credentials-options';
import { LeakedTokenNoticesController } from './leaked-token-notices.controller';
import { LeakedTokenNoticesService } from './leaked-token-notices.service';
import { LeakedTokenNoticeStore } from './ports/leaked-token-notice.store';
import { LeakedTokenStore } from './ports/leaked-token.store';
import { ReportLeakedCredentials } from './report-leaked-credentials.use-case';
import { RevokeLeakedCredentials } from './revoke-leaked-credentials.use-case';

import { SecurityNoticesModule } from '../security-notices/security-notices.module';
/**
 * Leaked tokens (docs/security.md "Leaked tokens"): `POST /api/credentials/revoke`, the consumer
 * that revokes what it queued, and `/api/settings/token-notices`, where owners read about it
 * (LeakedTokenMailModule tells them by e-mail). Needs IdentityModule, the DataSource,
 * FLOW_STORE, CLOCK and, for the revocations to happen, an EVENT_BUS and an outbox relay
 * publishing Topics.leakedCredentials.
 */
@Module({})
export class LeakedCredentialsModule {
  static forRoot(options: Partial<LeakedCredentialsOptions> = {}): DynamicModule {
    return {
      module: LeakedCredentialsModule,
      imports: [SecurityNoticesModule],
      controllers: [
        LeakedCredentialsController,
        LeakedTokenNoticesController,
        LeakedCredentialsConsumer,
      ],
      providers: [
        {
          provide: LEAKED_CREDENTIALS_OPTIONS,
          useValue: {
            ...DEFAULT_LEAKED_CREDENTIALS_OPTIONS,
            ...options,
          } satisfies LeakedCredentialsOptions,
        },
        ReportLeakedCredentials,
        RevokeLeakedCredentials,
        LeakedTokenNoticesService,
        { provide: LeakedTokenStore, useClass: SqlLeakedTokenStore },
        { provide: LeakedTokenNoticeStore, useClass: TypeOrmLeakedTokenNoticeStore },
      ],
    };
  }
}
