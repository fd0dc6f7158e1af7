import type { Logger } from '../internal/logger';

/** A Logger that keeps every line, for asserting what the SDK printed. */
export class CapturingLogger implements Logger {
  readonly lines: Array<{ level: 'info' | 'warn' | 'error'; message: string }> = [];

  info(message: string): void {
    this.lines.push({ level: 'info', message });
  }

  warn(message: string): void {
    this.lines.push({ level: 'warn', message });
  }

  error(message: string): void {
    this.lines.push({ level: 'error', message });
  }

  messages(level?: 'info' | 'warn' | 'error'): string[] {
    return this.lines.filter((line) => !level || line.level === level).map((line) => line.message);
  }
}
