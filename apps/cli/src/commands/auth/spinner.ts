const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 100;

/** Where the spinner draws: a terminal stream (stderr), or nothing when it is not a TTY. */
export interface SpinnerStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * A one-line spinner with a message, redrawn in place. On anything that is not a TTY (a pipe, a
 * log file, CI) it draws nothing at all: no control characters end up in captured output.
 */
export class Spinner {
  private timer: NodeJS.Timeout | undefined;
  private frame = 0;

  constructor(private readonly stream: SpinnerStream) {}

  start(message: string): void {
    if (!this.stream.isTTY || this.timer) return;
    const draw = () => {
      this.stream.write(`\r${FRAMES[this.frame % FRAMES.length]} ${message}`);
      this.frame += 1;
    };
    draw();
    this.timer = setInterval(draw, FRAME_MS);
    this.timer.unref();
  }

  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    // Erase the line, leaving the cursor at its start.
    this.stream.write('\r\u001b[2K');
  }
}
