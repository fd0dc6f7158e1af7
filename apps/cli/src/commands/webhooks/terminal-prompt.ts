import { createInterface } from 'node:readline/promises';

/** Questions the CLI asks on the terminal; a port, so tests answer them. */
export interface Prompt {
  /** Whether there is someone to ask (stdin and stderr are terminals). */
  interactive(): boolean;
  /** Reads a line without echoing it (for secrets). */
  hidden(question: string): Promise<string>;
  confirm(question: string): Promise<boolean>;
}

const ENTER = new Set(['\r', '\n', '\u0004']);
const BACKSPACE = new Set(['\u007f', '\b']);
const CTRL_C = '\u0003';

export const terminalPrompt: Prompt = {
  interactive: () => Boolean(process.stdin.isTTY && process.stderr.isTTY),

  hidden(question) {
    const input = process.stdin;
    const output = process.stderr;
    return new Promise((resolve, reject) => {
      let value = '';
      const finish = (then: () => void) => {
        input.off('data', onData);
        input.setRawMode(false);
        input.pause();
        output.write('\n');
        then();
      };
      const onData = (chunk: string) => {
        for (const character of chunk) {
          if (ENTER.has(character)) return finish(() => resolve(value));
          if (character === CTRL_C) return finish(() => reject(new Error('Cancelled')));
          if (BACKSPACE.has(character)) value = value.slice(0, -1);
          else value += character;
        }
      };
      output.write(question);
      input.setEncoding('utf8');
      input.setRawMode(true);
      input.resume();
      input.on('data', onData);
    });
  },

  async confirm(question) {
    const reader = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return /^(y|yes)$/i.test((await reader.question(question)).trim());
    } finally {
      reader.close();
    }
  },
};
