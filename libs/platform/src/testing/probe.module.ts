import { Module } from '@nestjs/common';
import {
  ApiProbeController,
  HeldRequests,
  InternalProbeController,
  OAuthProbeController,
} from './probe.controller';

/** A feature module of probe routes, for tests of the platform. */
@Module({
  controllers: [OAuthProbeController, ApiProbeController, InternalProbeController],
  providers: [HeldRequests],
})
export class ProbeModule {}
