/**
 * The shutdown deadline of one consumer, which every handler in flight races against. Racing a
 * promise that settles only at shutdown would leak: each race adds a reaction to it that holds
 * the message being handled until the process ends, one per message for the life of the consumer.
 * Here a race that ends removes its listener, so a handled message can be collected.
 */
export class Abandonment {
  private fired = false;
  private readonly listeners = new Set<() => void>();

  /** Gives up on every race under way and on every later one. */
  readonly abandon = (): void => {
    if (this.fired) return;
    this.fired = true;
    for (const listener of this.listeners) listener();
    this.listeners.clear();
  };

  /** `work`'s value, or 'abandoned' once abandon() came first; a rejection of `work` is passed on. */
  race<T>(work: Promise<T>): Promise<T | 'abandoned'> {
    if (this.fired) return Promise.resolve('abandoned');
    return new Promise<T | 'abandoned'>((resolve, reject) => {
      const listener = () => resolve('abandoned');
      this.listeners.add(listener);
      work.then(
        (value) => {
          this.listeners.delete(listener);
          resolve(value);
        },
        (error: unknown) => {
          this.listeners.delete(listener);
          reject(error);
        },
      );
    });
  }

  /** Races under way, for tests that a settled race left nothing behind. */
  get waiting(): number {
    return this.listeners.size;
  }
}
