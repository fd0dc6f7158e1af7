/** Thrown when a JSON document does not have the expected shape; `path` names the bad field. */
export class JsonShapeError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path}: expected ${expected}`);
    this.name = 'JsonShapeError';
  }
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads fields of a parsed JSON object, checking each one's type. Hand-written instead of a
 * schema library so the published package keeps zero runtime dependencies.
 */
export class JsonReader {
  private constructor(
    readonly value: JsonObject,
    private readonly path: string,
  ) {}

  static of(value: unknown, path: string): JsonReader {
    if (!isObject(value)) throw new JsonShapeError(path, 'an object');
    return new JsonReader(value, path);
  }

  has(key: string): boolean {
    return this.value[key] !== undefined && this.value[key] !== null;
  }

  string(key: string): string {
    const value = this.value[key];
    if (typeof value !== 'string') throw new JsonShapeError(this.at(key), 'a string');
    return value;
  }

  optionalString(key: string): string | undefined {
    return this.has(key) ? this.string(key) : undefined;
  }

  nullableString(key: string): string | null {
    return this.has(key) ? this.string(key) : null;
  }

  boolean(key: string): boolean {
    const value = this.value[key];
    if (typeof value !== 'boolean') throw new JsonShapeError(this.at(key), 'a boolean');
    return value;
  }

  optionalBoolean(key: string): boolean | undefined {
    return this.has(key) ? this.boolean(key) : undefined;
  }

  number(key: string): number {
    const value = this.value[key];
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new JsonShapeError(this.at(key), 'a number');
    return value;
  }

  optionalNumber(key: string): number | undefined {
    return this.has(key) ? this.number(key) : undefined;
  }

  integer(key: string): number {
    const value = this.number(key);
    if (!Number.isInteger(value)) throw new JsonShapeError(this.at(key), 'an integer');
    return value;
  }

  oneOf<T extends string | number>(key: string, allowed: readonly T[]): T {
    const value = this.value[key];
    if (!allowed.includes(value as T)) {
      throw new JsonShapeError(
        this.at(key),
        `one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`,
      );
    }
    return value as T;
  }

  object(key: string): JsonReader {
    return JsonReader.of(this.value[key], this.at(key));
  }

  optionalObject(key: string): JsonReader | undefined {
    return this.has(key) ? this.object(key) : undefined;
  }

  array(key: string): unknown[] {
    const value = this.value[key];
    if (!Array.isArray(value)) throw new JsonShapeError(this.at(key), 'an array');
    return value;
  }

  optionalArray(key: string): unknown[] | undefined {
    return this.has(key) ? this.array(key) : undefined;
  }

  /** Each element of the array at `key`, as a reader of its own. */
  objects(key: string): JsonReader[] {
    return this.array(key).map((item, index) => JsonReader.of(item, `${this.at(key)}[${index}]`));
  }

  strings(key: string): string[] {
    return this.array(key).map((item, index) => {
      if (typeof item !== 'string')
        throw new JsonShapeError(`${this.at(key)}[${index}]`, 'a string');
      return item;
    });
  }

  private at(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }
}
