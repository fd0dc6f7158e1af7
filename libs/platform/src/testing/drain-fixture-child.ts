import 'reflect-metadata';
import { DynamicModule, Module } from '@nestjs/common';
import { bootstrapService } from '../bootstrap/service-bootstrap';
import { infrastructureImports, InfrastructureUnderTest } from './infrastructure-under-test';
import { HeldRequests } from './probe.controller';
import { ProbeModule } from './probe.module';

/**
 * A service process for the drain test (graceful-shutdown.int-spec.ts). Its one argument is a
 * JSON object: the grace period, how long an idle kept-alive connection lives on while draining, and which real servers to connect to. SIGUSR2 lets the requests
 * held on /api/held go (the test cannot call in once draining has closed the port).
 */
interface DrainFixtureArguments {
  shutdownGraceMs: number;
  drainIdleConnectionMs?: number;
  infrastructure?: InfrastructureUnderTest;
}

@Module({})
class DrainFixtureModule {}

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as DrainFixtureArguments;
  const module: DynamicModule = {
    module: DrainFixtureModule,
    imports: [
      ...(args.infrastructure ? infrastructureImports(args.infrastructure) : []),
      ProbeModule,
    ],
  };
  const service = await bootstrapService({
    name: 'drain-fixture',
    module,
    port: 0,
    host: '127.0.0.1',
    shutdownGraceMs: args.shutdownGraceMs,
    drainIdleConnectionMs: args.drainIdleConnectionMs,
  });
  process.on('SIGUSR2', () => service.app.get(HeldRequests).releaseAll());
}

main().catch((error: unknown) => {
  process.stderr.write(
    `drain fixture failed to start: ${(error as Error).stack ?? String(error)}\n`,
  );
  process.exit(2);
});
