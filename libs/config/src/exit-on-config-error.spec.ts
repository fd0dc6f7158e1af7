import { ConfigError } from './config.error';
import { EX_CONFIG, exitOnConfigError, type ProcessExit } from './exit-on-config-error';

class ExitCalled extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

function fakeProcess(): ProcessExit & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    writeError: (line) => lines.push(line),
    exit: (code) => {
      throw new ExitCalled(code);
    },
  };
}

describe('exitOnConfigError', () => {
  it('returns what the loader returns', () => {
    expect(exitOnConfigError(() => ({ port: 1 }), fakeProcess())).toEqual({ port: 1 });
  });

  it('prints the message as one JSON log line on stderr and exits with 78 (EX_CONFIG)', () => {
    const io = fakeProcess();
    const problems = [
      { variable: 'GATEHOUSE_PUBLIC_URL', reason: 'must be an absolute http(s) URL' },
      { variable: 'KAFKA_BROKERS', reason: 'required' },
    ];
    expect(() =>
      exitOnConfigError(() => {
        throw new ConfigError(problems);
      }, io),
    ).toThrow(new ExitCalled(EX_CONFIG));
    expect(EX_CONFIG).toBe(78);
    expect(io.lines).toHaveLength(1);
    expect(io.lines[0].endsWith('\n')).toBe(true);
    expect(JSON.parse(io.lines[0])).toEqual({
      level: 'fatal',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pid: process.pid,
      msg: 'Invalid configuration: GATEHOUSE_PUBLIC_URL: must be an absolute http(s) URL; KAFKA_BROKERS: required',
      problems,
    });
  });

  it('lets other errors through untouched', () => {
    const io = fakeProcess();
    const failure = new TypeError('boom');
    expect(() =>
      exitOnConfigError(() => {
        throw failure;
      }, io),
    ).toThrow(failure);
    expect(io.lines).toEqual([]);
  });
});
