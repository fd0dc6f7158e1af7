import { InvalidArgumentError } from 'commander';

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * A token duration as typed on the command line: whole seconds (`28800`) or a number with a unit
 * (`30m`, `8h`, `30d`). The server judges the range (5 minutes to 30 days).
 */
export function parseTokenDuration(text: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  if (!match)
    throw new InvalidArgumentError(
      'Give whole seconds or a number with s, m, h or d, e.g. 8h or 30d.',
    );
  return Number(match[1]) * UNITS[match[2] || 's']!;
}

/** `28800` → `8h`, `2592000` → `30d`, `301` → `301s`. */
export function formatTokenDuration(seconds: number): string {
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}
