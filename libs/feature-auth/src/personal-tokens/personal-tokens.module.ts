import { Module } from '@nestjs/common';
import { TypeOrmPersonalTokenStore } from './infrastructure/typeorm-personal-token.store';
import { PersonalTokenStore } from './ports/personal-token.store';
import { PersonalTokensController } from './personal-tokens.controller';
import { PersonalTokensService } from './personal-tokens.service';

/** `/api/settings/tokens`: create, list and delete personal access tokens. */
@Module({
  controllers: [PersonalTokensController],
  providers: [
    PersonalTokensService,
    { provide: PersonalTokenStore, useClass: TypeOrmPersonalTokenStore },
  ],
})
export class PersonalTokensModule {}
