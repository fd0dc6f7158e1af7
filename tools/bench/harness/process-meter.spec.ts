import { execFileSync } from 'node:child_process';
import { ProcessMeter } from './process-meter';

// A child that spends this much CPU, by its own count, then exits.
const BURN = `const until = 300_000; while (process.cpuUsage().user < until) {}`;

describe('ProcessMeter', () => {
  it('counts in a server the CPU of processes that ran and ended under it, and no RSS', () => {
    const meter = new ProcessMeter({}, { server: process.pid });
    meter.start();
    execFileSync(process.execPath, ['-e', BURN]);
    const usage = meter.stop();
    expect(usage.server!.cpuSeconds).toBeGreaterThanOrEqual(0.29);
    expect(usage.server!.peakRssMiB).toBeNaN();
  });

  it('counts in a process only its own CPU', () => {
    const meter = new ProcessMeter({ self: process.pid });
    meter.start();
    execFileSync(process.execPath, ['-e', BURN]);
    const usage = meter.stop();
    expect(usage.self!.cpuSeconds).toBeLessThan(0.29);
    expect(usage.self!.peakRssMiB).toBeGreaterThan(0);
  });
});
