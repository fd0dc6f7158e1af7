import { SendSlots } from './send-slots';

describe('SendSlots', () => {
  it('runs at most `size` sends at once and hands freed slots out in the order asked', async () => {
    const slots = new SendSlots(2);
    const releases: Array<() => void> = [];
    const started: string[] = [];
    const send = (name: string) =>
      slots.run(async () => {
        started.push(name);
        await new Promise<void>((resolve) => releases.push(resolve));
        return name;
      });
    const sends = ['a', 'b', 'c', 'd'].map(send);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b']);
    expect(slots.inUse).toBe(2);
    releases.shift()!();
    await sends[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    releases.splice(0).forEach((release) => release());
    await new Promise((resolve) => setImmediate(resolve));
    releases.splice(0).forEach((release) => release());
    await expect(Promise.all(sends)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect(slots.inUse).toBe(0);
  });

  it('frees the slot of a send that throws', async () => {
    const slots = new SendSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
    expect(slots.inUse).toBe(0);
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => new SendSlots(0)).toThrow('send slots must be a positive integer');
  });
});
