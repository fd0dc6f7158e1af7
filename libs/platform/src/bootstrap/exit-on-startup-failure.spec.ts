import { exitOnStartupFailure } from './exit-on-startup-failure';

describe('exitOnStartupFailure', () => {
  it('writes one fatal line in the shape of every other log line, then exits 1', async () => {
    const lines: string[] = [];
    const exited = new Promise<number>((resolve) => {
      exitOnStartupFailure(Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')), {
        service: 'auth',
        writeError: (line) => lines.push(line),
        exit: ((code: number) => resolve(code)) as (code: number) => never,
      });
    });
    expect(await exited).toBe(1);
    expect(lines).toHaveLength(1);
    expect(Object.keys(JSON.parse(lines[0]!))).toEqual([
      'level',
      'time',
      'service',
      'pid',
      'error',
      'msg',
    ]);
    expect(JSON.parse(lines[0]!)).toEqual({
      level: 'fatal',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      service: 'auth',
      pid: process.pid,
      error: 'connect ECONNREFUSED 127.0.0.1:5432',
      msg: 'startup failed',
    });
  });
});
