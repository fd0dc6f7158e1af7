import { Readable } from 'node:stream';
import { readCappedBody } from './capped-body';

function body(...chunks: string[]): Readable {
  return Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
}

describe('readCappedBody', () => {
  it('reads a body up to the limit whole', async () => {
    expect(await readCappedBody(body('ab', 'cd'), 4)).toEqual({
      bytes: Buffer.from('abcd'),
      complete: true,
    });
    expect(await readCappedBody(body(), 4)).toEqual({ bytes: Buffer.alloc(0), complete: true });
  });

  it('cuts a longer body at the limit and drops the rest', async () => {
    const stream = body('abc', 'def', 'ghi');
    expect(await readCappedBody(stream, 4)).toEqual({
      bytes: Buffer.from('abcd'),
      complete: false,
    });
    expect(stream.destroyed).toBe(true);
  });

  it('reads nothing when the declared length is over the limit', async () => {
    const stream = body('abcdef');
    expect(await readCappedBody(stream, 4, '6')).toEqual({
      bytes: Buffer.alloc(0),
      complete: false,
    });
    expect(stream.destroyed).toBe(true);
  });

  it('does not trust a declared length within the limit', async () => {
    expect(await readCappedBody(body('abcdef'), 4, '3')).toEqual({
      bytes: Buffer.from('abcd'),
      complete: false,
    });
    expect(await readCappedBody(body('abc'), 4, ['3'])).toEqual({
      bytes: Buffer.from('abc'),
      complete: true,
    });
  });
});
