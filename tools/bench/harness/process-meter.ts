import { readFileSync } from 'node:fs';

/** CPU time and memory of one process over a measured window, read from /proc (Linux). */
export interface ProcessUsage {
  /** User + system CPU seconds spent inside the window. */
  cpuSeconds: number;
  /** Highest resident set size seen while sampling, in MiB. */
  peakRssMiB: number;
  /** Resident set size when the window opened, in MiB. */
  startRssMiB: number;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on every Linux architecture we run). */
const TICKS_PER_SECOND = 100;
const SAMPLE_EVERY_MS = 100;

/** utime + stime in ticks; fields counted after the `)` that ends the command name (proc(5)). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? NaN);
  return kib / 1024;
}

/**
 * Samples the named processes from `start()` to `stop()`: CPU seconds by difference of the
 * kernel's counters, peak RSS by sampling every 100 ms. A process that exits mid-window keeps
 * what was read before it went.
 */
export class ProcessMeter {
  private readonly startTicks = new Map<string, number>();
  private readonly lastTicks = new Map<string, number>();
  private readonly peak = new Map<string, number>();
  private readonly startRss = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pids: Record<string, number>) {}

  start(): void {
    for (const [name, pid] of Object.entries(this.pids)) {
      const ticks = cpuTicks(pid);
      this.startTicks.set(name, ticks);
      this.lastTicks.set(name, ticks);
      const rss = rssMiB(pid);
      this.startRss.set(name, rss);
      this.peak.set(name, rss);
    }
    this.timer = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
  }

  stop(): Record<string, ProcessUsage> {
    clearInterval(this.timer);
    this.sample();
    const usage: Record<string, ProcessUsage> = {};
    for (const name of Object.keys(this.pids)) {
      usage[name] = {
        cpuSeconds: (this.lastTicks.get(name)! - this.startTicks.get(name)!) / TICKS_PER_SECOND,
        peakRssMiB: this.peak.get(name)!,
        startRssMiB: this.startRss.get(name)!,
      };
    }
    return usage;
  }

  private sample(): void {
    for (const [name, pid] of Object.entries(this.pids)) {
      try {
        this.lastTicks.set(name, cpuTicks(pid));
        this.peak.set(name, Math.max(this.peak.get(name)!, rssMiB(pid)));
      } catch {
        // The process ended: its last reading stands.
      }
    }
  }
}
