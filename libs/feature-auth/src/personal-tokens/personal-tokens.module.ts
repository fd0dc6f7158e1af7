import { Module } from '@nestjs/common';
import { TypeOrmPersonalTokenStore } from './infrastructure/typeorm-personal-token.store';
import { SqlTokenApprovalReader } from './infrastructure/sql-token-approval.reader';
import { PersonalTokenStore } from './ports/personal-token.store';
import { TokenApprovalReader } from './ports/token-approval.reader';
import { PersonalTokensController } from './personal-tokens.controller';
import { PersonalTokensService } from './personal-tokens.service';

/** `/api/settings/tokens`: create, list and delete personal access tokens. */
@Module({
  controllers: [PersonalTokensController],
  providers: [
    PersonalTokensService,
    { provide: PersonalTokenStore, useClass: TypeOrmPersonalTokenStore },
    { provide: TokenApprovalReader, useClass: SqlTokenApprovalReader },
  ],
})
export class PersonalTokensModule {}
