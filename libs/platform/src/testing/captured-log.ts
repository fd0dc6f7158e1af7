import { DestinationStream } from 'pino';

/** A pino destination that keeps the lines, for tests that read what was logged. */
export class CapturedLog implements DestinationStream {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  get entries(): Array<Record<string, unknown>> {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  get text(): string {
    return this.lines.join('');
  }
}
