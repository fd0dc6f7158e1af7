import { StartUpProgress } from './start-up-progress';

describe('StartUpProgress', () => {
  const run = (isTTY: boolean, total: number) => {
    const written: string[] = [];
    const progress = new StartUpProgress({ isTTY, write: (text: string) => written.push(text) });
    for (let position = 1; position <= total; position += 1)
      progress.migrated({ name: `m${position}`, position, total });
    progress.step('Applying the seed file');
    return written;
  };

  it('counts up on one line in a terminal, ending it with the last migration', () => {
    const written = run(true, 3);
    expect(written).toEqual([
      '\r\x1b[2K  Preparing the database: migration 1 of 3',
      '\r\x1b[2K  Preparing the database: migration 2 of 3',
      '\r\x1b[2K  Preparing the database: migration 3 of 3\n',
      '  Applying the seed file\n',
    ]);
  });

  it('writes the first, every tenth and the last migration as lines elsewhere', () => {
    expect(run(false, 23)).toEqual([
      '  Preparing the database: migration 1 of 23\n',
      '  Preparing the database: migration 10 of 23\n',
      '  Preparing the database: migration 20 of 23\n',
      '  Preparing the database: migration 23 of 23\n',
      '  Applying the seed file\n',
    ]);
  });
});
