import { Module } from '@nestjs/common';
import { PagesController } from './pages.controller';

/** The pages' shared assets. The pages themselves are template functions the flows render. */
@Module({ controllers: [PagesController] })
export class PagesModule {}
