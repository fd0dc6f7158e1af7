import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds of the system's monotonic clock (`process.hrtime` / 1000 in any process). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of the monotonic clock, in microseconds (`process.hrtime.bigint() / 1000n`). */
export interface ProfileWindow {
  fromUs: number;
  toUs: number;
}

export interface ProfileLine {
  /** Function and where it is (package or file, line), or the package as a whole. */
  name: string;
  /** Share of all samples, 0..1. */
  share: number;
}

function where(url: string): string {
  if (!url) return '(native)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith('node:')) return url;
  const inRepo = /\/(dist\/.*|libs\/.*|apps\/.*)$/.exec(url);
  return inRepo ? inRepo[1]! : url;
}

/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and returns the functions with the most self time and
 * the packages (or our own dist/ files) with the most self time, each as a share of the samples
 * taken in `window` (all samples when absent).
 */
export function summarizeCpuProfile(
  path: string,
  top = 15,
  window?: ProfileWindow,
): { samples: number; functions: ProfileLine[]; places: ProfileLine[] } {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfSamples = new Map<number, number>();
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    total += 1;
    selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
  });
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, count] of selfSamples) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const place = where(url);
    const name = `${functionName || '(anonymous)'} — ${place}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + count);
    places.set(place, (places.get(place) ?? 0) + count);
  }
  const ranked = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => ({ name, share: count / total }));
  return { samples: total, functions: ranked(functions), places: ranked(places) };
}

/**
 * Logs the summary of the one `.cpuprofile` a process wrote into `directory`, of the samples in
 * `window` when given; `who` names the process in the error when there is none.
 */
export function logCpuProfileIn(
  directory: string,
  who: string,
  log: (line: string) => void,
  window?: ProfileWindow,
): void {
  const [file] = readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${who} wrote no profile into ${directory}`);
  const summary = summarizeCpuProfile(join(directory, file), 15, window);
  const span = window ? 'taken while the load ran' : 'whole process life, start-up included';
  log(`profile ${join(directory, file)}: ${summary.samples} samples (${span})`);
  log('self time by package or file:');
  for (const line of summary.places)
    log(`  ${(line.share * 100).toFixed(1).padStart(5)} %  ${line.name}`);
  log('self time by function:');
  for (const line of summary.functions)
    log(`  ${(line.share * 100).toFixed(1).padStart(5)} %  ${line.name}`);
}
