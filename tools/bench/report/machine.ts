import type { TestRunInfrastructure } from '@gatehouse/testing';
import { cpus, loadavg, totalmem } from 'node:os';

export interface MachineDescription {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  redis: string;
  kafka: string;
  /** 1-minute load average when the report was written: other work on the machine. */
  loadAverage: number;
}

export function describeMachine(infra: TestRunInfrastructure): MachineDescription {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres: infra.database.serverVersion,
    redis: infra.redis.serverVersion,
    kafka: infra.kafka.version,
    loadAverage: loadavg()[0]!,
  };
}
