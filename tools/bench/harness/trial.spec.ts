import type { RunFigures, TrialReport } from './trial';
import { ratioToLowest } from './trial';

function run(perSecond: number): RunFigures {
  return {
    connections: 1,
    seconds: 2,
    completed: perSecond * 2,
    perSecond,
    errors: 0,
    requests: perSecond * 2,
    latencyMs: { p50: 1, p99: 2, max: 3 },
    firstErrors: [],
    processes: {},
  };
}

describe('ratioToLowest', () => {
  it('divides by whichever reference was lower in the same round, then takes the median and range', () => {
    const trial: TrialReport = {
      name: 'burst',
      rounds: 3,
      runs: {
        worker: [run(1000), run(1200), run(900)],
        post: [run(4000), run(2000), run(3000)],
        consume: [run(2000), run(6000), run(1000)],
      },
      ratios: [],
    };
    expect(ratioToLowest(trial, 'worker', ['post', 'consume'], 'lower limit')).toEqual({
      subject: 'worker',
      against: 'lower limit',
      median: 0.6,
      min: 0.5,
      max: 0.9,
    });
  });
});
