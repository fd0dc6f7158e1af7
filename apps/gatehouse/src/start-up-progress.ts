import type { MigrationProgress } from '@gatehouse/persistence';

interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** In a log (not a terminal), one migration line in this many, besides the first and the last. */
const LOGGED_EVERY = 10;

/**
 * What the all-in-one tells its terminal while it starts: the migrations of a new data directory
 * (a minute on a slow machine) as one line counting up in place, or, when the output is not a
 * terminal, a line every ten; then the seed being applied. The JSON log stays on stdout; this
 * goes to stderr with the banner.
 */
export class StartUpProgress {
  constructor(private readonly output: ProgressOutput = process.stderr) {}

  readonly migrated = ({ position, total }: MigrationProgress): void => {
    const line = `  Preparing the database: migration ${position} of ${total}`;
    if (this.output.isTTY) {
      this.output.write(`\r\x1b[2K${line}${position === total ? '\n' : ''}`);
    } else if (position === 1 || position === total || position % LOGGED_EVERY === 0) {
      this.output.write(`${line}\n`);
    }
  };

  step(text: string): void {
    this.output.write(`  ${text}\n`);
  }
}
