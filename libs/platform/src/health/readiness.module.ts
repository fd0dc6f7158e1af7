import { Module } from '@nestjs/common';
import { ReadinessRegistry } from './readiness-registry';

/**
 * Holds the process's one `ReadinessRegistry`. A static module, so every importer (the platform,
 * the database, flow-state and messaging modules) shares the same instance.
 */
@Module({ providers: [ReadinessRegistry], exports: [ReadinessRegistry] })
export class ReadinessModule {}
