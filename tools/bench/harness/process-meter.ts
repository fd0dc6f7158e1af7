import { readdirSync, readFileSync } from 'node:fs';

/** CPU time and memory of one process over a measured window, read from /proc (Linux). */
export interface ProcessUsage {
  /** User + system CPU seconds spent inside the window. */
  cpuSeconds: number;
  /** Highest resident set size seen while sampling, in MiB (NaN for a server, metered for CPU only). */
  peakRssMiB: number;
  /** Resident set size when the window opened, in MiB (NaN for a server). */
  startRssMiB: number;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on every Linux architecture we run). */
const TICKS_PER_SECOND = 100;
const SAMPLE_EVERY_MS = 100;

/** The fields of /proc/<pid>/stat after the `)` that ends the command name (proc(5)). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** utime + stime in ticks. */
function cpuTicks(pid: number): number {
  const fields = statFields(pid);
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * CPU ticks of a server and every process under it: each one's utime + stime, plus cutime +
 * cstime, which hold what its children used before they ended (a PostgreSQL backend that closed
 * inside the window still counts, moved from its own counters to the postmaster's).
 */
function treeTicks(root: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(Number(entry));
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      ticks.set(
        Number(entry),
        Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      );
    } catch {
      // Ended between the listing and the read.
    }
  }
  if (!ticks.has(root)) throw new Error(`no process ${root}`);
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += ticks.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? NaN);
  return kib / 1024;
}

/**
 * Samples the named processes from `start()` to `stop()`: CPU seconds by difference of the
 * kernel's counters, peak RSS by sampling every 100 ms. A process that exits mid-window keeps
 * what was read before it went. `servers` (PostgreSQL, Redis: shared by whatever runs on the
 * machine, so only meaningful with the machine to itself) are metered for CPU only, each as its
 * whole process tree.
 */
export class ProcessMeter {
  private readonly startTicks = new Map<string, number>();
  private readonly lastTicks = new Map<string, number>();
  private readonly peak = new Map<string, number>();
  private readonly startRss = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pids: Record<string, number>,
    private readonly servers: Record<string, number> = {},
  ) {}

  start(): void {
    for (const [name, pid] of Object.entries(this.pids)) {
      const ticks = cpuTicks(pid);
      this.startTicks.set(name, ticks);
      this.lastTicks.set(name, ticks);
      const rss = rssMiB(pid);
      this.startRss.set(name, rss);
      this.peak.set(name, rss);
    }
    for (const [name, pid] of Object.entries(this.servers)) {
      const ticks = treeTicks(pid);
      this.startTicks.set(name, ticks);
      this.lastTicks.set(name, ticks);
    }
    this.timer = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
  }

  stop(): Record<string, ProcessUsage> {
    clearInterval(this.timer);
    this.sample();
    for (const [name, pid] of Object.entries(this.servers)) {
      try {
        this.lastTicks.set(name, treeTicks(pid));
      } catch {
        // The server ended: its last reading stands.
      }
    }
    const usage: Record<string, ProcessUsage> = {};
    for (const name of [...Object.keys(this.pids), ...Object.keys(this.servers)]) {
      usage[name] = {
        cpuSeconds: (this.lastTicks.get(name)! - this.startTicks.get(name)!) / TICKS_PER_SECOND,
        peakRssMiB: this.peak.get(name) ?? NaN,
        startRssMiB: this.startRss.get(name) ?? NaN,
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
