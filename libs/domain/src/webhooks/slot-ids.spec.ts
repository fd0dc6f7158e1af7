import { SlotIds } from './slot-ids';

const hexId = (n: number) => n.toString(16).padStart(24, '0');

describe('SlotIds', () => {
  it('finds hexadecimal ids and other ids both ways, through growth, removals and reuse', () => {
    const ids = new SlotIds(4);
    const held = new Map<string, number>();
    let capacity = 4;
    let next = 0;
    const free: number[] = [];
    const add = (id: string) => {
      let slot = free.pop();
      if (slot === undefined) {
        slot = next++;
        if (slot === capacity) ids.grow((capacity *= 2));
      }
      ids.add(id, slot);
      held.set(id, slot);
    };
    const remove = (id: string) => {
      const slot = held.get(id)!;
      ids.delete(id, slot);
      held.delete(id);
      free.push(slot);
    };
    for (let n = 0; n < 5_000; n += 1) add(hexId(n * 7919));
    add('webhook-one');
    add('ABCDEF0123456789abcdef01');
    for (let n = 0; n < 5_000; n += 3) remove(hexId(n * 7919));
    remove('webhook-one');
    for (let n = 5_000; n < 6_000; n += 1) add(hexId(n * 7919));

    expect(ids.size).toBe(held.size);
    for (const [id, slot] of held) {
      expect(ids.slotOf(id)).toBe(slot);
      expect(ids.idAt(slot)).toBe(id);
    }
    expect(ids.slotOf(hexId(0))).toBeUndefined();
    expect(ids.slotOf(hexId(3 * 7919))).toBeUndefined();
    expect(ids.slotOf('webhook-one')).toBeUndefined();
    expect(ids.slotOf(hexId(5_001 * 7919).toUpperCase())).toBeUndefined();
    expect(ids.slotOf(hexId(5_001 * 7919))).toBe(held.get(hexId(5_001 * 7919)));
  });
});
