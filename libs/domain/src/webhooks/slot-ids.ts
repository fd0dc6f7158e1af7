/** Bytes of an id of 24 lower-case hexadecimal digits (the ids Gatehouse generates). */
const ID_BYTES = 12;
const ID_DIGITS = ID_BYTES * 2;
const EMPTY = 0;
const DELETED = -1;
const HEX_PAIRS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The value of a lower-case hexadecimal digit's char code, or -1. */
function digit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

function isCompact(id: string): boolean {
  if (id.length !== ID_DIGITS) return false;
  for (let n = 0; n < ID_DIGITS; n += 1) if (digit(id.charCodeAt(n)) < 0) return false;
  return true;
}

/** FNV-1a over the id's bytes, read from its digits. */
function hashOfId(id: string): number {
  let hash = 0x811c9dc5;
  for (let n = 0; n < ID_DIGITS; n += 2) {
    hash ^= (digit(id.charCodeAt(n)) << 4) | digit(id.charCodeAt(n + 1));
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The ids of the slots of SubscriptionIndex, both ways (id to slot, slot to id). An id of 24
 * lower-case hexadecimal digits is kept as its 12 bytes in one typed array and found through an
 * open-addressing table of slot numbers, so neither the id's string nor a Map entry is held for
 * it: about 20 bytes a webhook instead of about a hundred. Any other id (tests, older rows) is
 * kept as a string in a Map. An id's string is built again when asked for.
 */
export class SlotIds {
  private bytes: Uint8Array;
  /** Slot + 1 of each compact id by its hash, EMPTY or DELETED; a power of two long. */
  private table = new Int32Array(1024);
  /** Table cells that are not EMPTY (DELETED ones included), for the load factor. */
  private used = 0;
  private compactCount = 0;
  private readonly otherSlotOf = new Map<string, number>();
  private readonly otherIdOf = new Map<number, string>();

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity * ID_BYTES);
  }

  get size(): number {
    return this.compactCount + this.otherSlotOf.size;
  }

  /** Slots are numbered below `capacity` from now on. */
  grow(capacity: number): void {
    const next = new Uint8Array(capacity * ID_BYTES);
    next.set(this.bytes);
    this.bytes = next;
  }

  slotOf(id: string): number | undefined {
    if (!isCompact(id)) return this.otherSlotOf.get(id);
    const cell = this.cellOf(id);
    const held = this.table[cell]!;
    return held > 0 ? held - 1 : undefined;
  }

  idAt(slot: number): string {
    const other = this.otherIdOf.get(slot);
    if (other !== undefined) return other;
    let id = '';
    for (let n = slot * ID_BYTES, end = n + ID_BYTES; n < end; n += 1)
      id += HEX_PAIRS[this.bytes[n]!]!;
    return id;
  }

  /** Gives `id`, not held yet, the slot. */
  add(id: string, slot: number): void {
    if (!isCompact(id)) {
      this.otherSlotOf.set(id, slot);
      this.otherIdOf.set(slot, id);
      return;
    }
    for (let n = 0, at = slot * ID_BYTES; n < ID_DIGITS; n += 2, at += 1)
      this.bytes[at] = (digit(id.charCodeAt(n)) << 4) | digit(id.charCodeAt(n + 1));
    if ((this.used + 1) * 2 > this.table.length) this.rehash();
    const cell = this.cellOf(id);
    if (this.table[cell] === EMPTY) this.used += 1;
    this.table[cell] = slot + 1;
    this.compactCount += 1;
  }

  /** Forgets `id`, held at `slot`. */
  delete(id: string, slot: number): void {
    if (!isCompact(id)) {
      this.otherSlotOf.delete(id);
      this.otherIdOf.delete(slot);
      return;
    }
    const cell = this.cellOf(id);
    if (this.table[cell]! <= 0) return;
    this.table[cell] = DELETED;
    this.compactCount -= 1;
  }

  /** The cell holding `id`, or where it would go (the first DELETED one passed, else the EMPTY one ending the probe). */
  private cellOf(id: string): number {
    const mask = this.table.length - 1;
    let free = -1;
    for (let cell = hashOfId(id) & mask; ; cell = (cell + 1) & mask) {
      const held = this.table[cell]!;
      if (held === EMPTY) return free >= 0 ? free : cell;
      if (held === DELETED) {
        if (free < 0) free = cell;
      } else if (this.holds(held - 1, id)) return cell;
    }
  }

  private holds(slot: number, id: string): boolean {
    for (let n = 0, at = slot * ID_BYTES; n < ID_DIGITS; n += 2, at += 1)
      if (this.bytes[at] !== ((digit(id.charCodeAt(n)) << 4) | digit(id.charCodeAt(n + 1))))
        return false;
    return true;
  }

  /** A table for twice the ids held (at least as long as now), without the DELETED cells. */
  private rehash(): void {
    const held: number[] = [];
    for (const cell of this.table) if (cell > 0) held.push(cell);
    let length = this.table.length;
    while (length < held.length * 4) length *= 2;
    this.table = new Int32Array(length);
    this.used = 0;
    const mask = length - 1;
    for (const value of held) {
      let cell = this.hashAt(value - 1) & mask;
      while (this.table[cell] !== EMPTY) cell = (cell + 1) & mask;
      this.table[cell] = value;
      this.used += 1;
    }
  }

  private hashAt(slot: number): number {
    let hash = 0x811c9dc5;
    for (let n = slot * ID_BYTES, end = n + ID_BYTES; n < end; n += 1) {
      hash ^= this.bytes[n]!;
      hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 0;
  }
}
