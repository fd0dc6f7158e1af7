import { DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '../infrastructure/database.module';
import { FlowStateModule } from '../infrastructure/flow-state.module';

/** The real servers a test service connects to (from the integration tier's environment). */
export interface InfrastructureUnderTest {
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix?: string;
}

export function infrastructureImports(infra: InfrastructureUnderTest): DynamicModule[] {
  return [
    DatabaseModule.forRoot({ type: 'postgres', url: infra.databaseUrl }),
    FlowStateModule.forRoot({ type: 'redis', url: infra.redisUrl, keyPrefix: infra.redisKeyPrefix }),
  ];
}
