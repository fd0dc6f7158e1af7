import { Module } from '@nestjs/common';
import { IntrospectionController } from './introspection.controller';
import { IntrospectionService } from './introspection.service';

/** `POST /oauth/introspect` (RFC 7662), for internal services only. */
@Module({ controllers: [IntrospectionController], providers: [IntrospectionService] })
export class IntrospectionModule {}
