import { Controller, Get, Inject, Module } from '@nestjs/common';
import type { EventBus } from '@gatehouse/messaging';
import type { FlowStore } from '@gatehouse/flow-state';
import { DataSource } from 'typeorm';
import { bootstrapService, RunningService } from '../bootstrap/service-bootstrap';
import { ReadinessRegistry } from '../health/readiness-registry';
import { CapturedLog } from '../testing/captured-log';
import {
  infrastructureFromEnvironment,
  infrastructureImports,
} from '../testing/infrastructure-under-test';
import { ProbeModule } from '../testing/probe.module';
import { DATA_SOURCE } from './database.module';
import { FLOW_STORE } from './flow-state.module';
import { EVENT_BUS } from './messaging.module';

jest.setTimeout(60_000);

/** A route that uses all three servers through the injected ports. */
@Controller('infra')
class InfraProbeController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(FLOW_STORE) private readonly flowStore: FlowStore,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  @Get('round-trip')
  async roundTrip() {
    const [row] = (await this.dataSource.query('SELECT 41 + 1 AS answer')) as Array<{
      answer: number;
    }>;
    await this.flowStore.put('platform-int:probe', 'stored', 60_000);
    await this.bus.ping();
    return { answer: row!.answer, flow: await this.flowStore.take('platform-int:probe') };
  }
}

@Module({ controllers: [InfraProbeController] })
class InfraProbeModule {}

describe('a service on PostgreSQL, Redis and Kafka', () => {
  const infrastructure = infrastructureFromEnvironment(process.env);
  const log = new CapturedLog();
  let service: RunningService;

  @Module({ imports: [...infrastructureImports(infrastructure), ProbeModule, InfraProbeModule] })
  class ServiceUnderTest {}

  beforeAll(async () => {
    service = await bootstrapService({
      name: 'platform-int',
      module: ServiceUnderTest,
      port: 0,
      host: '127.0.0.1',
      logDestination: log,
      handleProcessSignals: false,
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('answers /healthz', async () => {
    const res = await fetch(`${service.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('is ready once PostgreSQL, Redis and Kafka answer', async () => {
    const res = await fetch(`${service.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      checks: { postgres: 'ok', redis: 'ok', kafka: 'ok', consumers: 'ok' },
    });
  });

  it('injects the data source, the flow store and the event bus', async () => {
    expect(service.app.get(DATA_SOURCE)).toBe(service.app.get(DataSource));
    const res = await fetch(`${service.url}/infra/round-trip`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ answer: 42, flow: 'stored' });
  });

  it('counts requests in the /metrics histogram', async () => {
    await fetch(`${service.url}/infra/round-trip`);
    const text = await (await fetch(`${service.url}/metrics`)).text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{service="platform-int",method="GET",route="\/infra\/round-trip",status="200"\} [1-9]\d*/,
    );
  });

  it('answers malformed JSON with a 400 JSON error, not a 500', async () => {
    const res = await fetch(`${service.url}/api/items`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: 'The request body could not be parsed' });
  });

  it('answers /readyz 503 draining once draining', async () => {
    service.app.get(ReadinessRegistry).startDraining();
    const res = await fetch(`${service.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'draining' });
  });

  it('closes the data source, the Redis connection and the Kafka clients on close', async () => {
    const dataSource = service.app.get(DataSource);
    const flowStore = service.app.get<FlowStore>(FLOW_STORE);
    const bus = service.app.get<EventBus>(EVENT_BUS);
    await service.close();
    expect(dataSource.isInitialized).toBe(false);
    await expect(flowStore.ping()).rejects.toThrow();
    await expect(bus.ping()).rejects.toThrow();
    expect(log.entries.find((entry) => entry.msg === 'stopped')).toMatchObject({
      service: 'platform-int',
      reason: 'close',
    });
  });
});
