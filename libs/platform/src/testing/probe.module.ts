import { Module } from '@nestjs/common';
import {
  ApiProbeController,
  InternalProbeController,
  OAuthProbeController,
} from './probe.controller';

/** A feature module of probe routes, for tests of the platform. */
@Module({ controllers: [OAuthProbeController, ApiProbeController, InternalProbeController] })
export class ProbeModule {}
