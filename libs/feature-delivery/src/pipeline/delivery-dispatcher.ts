/** One attempt to make; `lane` orders attempts that must not overtake each other. */
export interface DispatchItem<T> {
  lane: string;
  task: T;
}

export interface DispatcherOptions {
  /** Attempts in flight at once in this process. */
  concurrency: number;
  /** Queued attempts above which producers wait (waitForRoom). */
  highWaterMark: number;
}

/**
 * Runs delivery attempts with bounded concurrency in lanes: the attempts of one
 * lane (a webhook and a repository) run one after another in the order they were queued (the
 * next once the previous has sent its request), those of different lanes side by side. A slow receiver thus holds up only its own lanes; the consumer is
 * held up only when the whole queue passes the high-water mark.
 */
export class DeliveryDispatcher<T> {
  private readonly lanes = new Map<string, T[]>();
  private readonly ready: string[] = [];
  private readonly runningTasks = new Set<T>();
  /** Running tasks that have given their place back (their outcome is being written). */
  private placesGivenBack = 0;
  private queued = 0;
  /** Places promised by reserve() to attempts not enqueued yet: other attempts do not take them. */
  private reserved = 0;
  private stopped = false;
  private roomWaiters: Array<() => void> = [];
  private idleWaiters: Array<() => void> = [];

  /**
   * `run` may call `laneFree` before it resolves (once its request is sent): the lane's next
   * attempt may then start, while this one, still counted in flight, records its outcome. It may
   * call `placeFree` once its outcome is handed to be written, if an attempt begun from then on
   * is written no earlier than that outcome (AttemptJournal): the next attempt then takes its
   * place at once, and its begin shares the outcome's statement instead of waiting for it.
   */
  constructor(
    private readonly run: (task: T, laneFree: () => void, placeFree: () => void) => Promise<void>,
    private readonly options: DispatcherOptions,
    private readonly onError: (error: unknown, task: T) => void = () => undefined,
    private readonly onDepth: (depth: number) => void = () => undefined,
  ) {}

  get depth(): number {
    return this.queued;
  }

  /** Attempts running, those that gave their place back included. */
  get inFlight(): number {
    return this.runningTasks.size;
  }

  /** Every task queued or running (writing its outcome included): the ones whose leases this process must keep. */
  held(): T[] {
    const held = [...this.runningTasks];
    for (const queue of this.lanes.values()) held.push(...queue);
    return held;
  }

  /**
   * Promises up to `wanted` places to attempts that will be enqueued soon with `{ reserved: true }`
   * (once their rows are written), so they start at once then; returns how many it promised. It
   * promises none while attempts queue: those are older and go first. A place given back is not
   * free for these until its attempt has finished: their rows are written by another statement
   * than the outcome still being written, which may commit first.
   */
  reserve(wanted: number): number {
    if (this.stopped || this.queued > 0) return 0;
    const granted = Math.max(
      0,
      Math.min(wanted, this.options.concurrency - this.runningTasks.size - this.reserved),
    );
    this.reserved += granted;
    return granted;
  }

  /** Gives back places promised by reserve() that no attempt will take. */
  release(count: number): void {
    this.reserved = Math.max(0, this.reserved - count);
    this.pump();
  }

  /**
   * `reserved`: the task takes a place promised by reserve() and starts at once, ahead of attempts
   * queued in other lanes (not of those queued in its own).
   */
  enqueue(
    { lane, task }: DispatchItem<T>,
    { reserved = false }: { reserved?: boolean } = {},
  ): void {
    if (reserved) this.reserved = Math.max(0, this.reserved - 1);
    if (this.stopped) throw new Error('the dispatcher is stopped');
    const queue = this.lanes.get(lane);
    if (reserved && !queue) {
      this.lanes.set(lane, [task]);
      this.queued += 1;
      void this.runLane(lane);
      return;
    }
    if (queue) queue.push(task);
    else {
      this.lanes.set(lane, [task]);
      this.ready.push(lane);
    }
    this.queued += 1;
    this.onDepth(this.queued);
    this.pump();
  }

  /** Resolves once fewer than `highWaterMark` attempts are queued. */
  waitForRoom(): Promise<void> {
    if (this.queued < this.options.highWaterMark || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  /**
   * Stops starting attempts, waits up to `graceMs` for those in flight, and returns the tasks
   * that never started (their leases can be given back).
   */
  async stop(graceMs: number): Promise<T[]> {
    this.stopped = true;
    // A running attempt was already taken off its lane, so the lanes hold exactly what never started.
    const left: T[] = [];
    for (const queue of this.lanes.values()) left.push(...queue.splice(0));
    this.ready.splice(0);
    this.lanes.clear();
    this.queued = 0;
    this.reserved = 0;
    this.releaseRoomWaiters();
    if (this.runningTasks.size > 0) {
      await Promise.race([
        new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
        new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
      ]);
    }
    return left;
  }

  private pump(): void {
    while (
      !this.stopped &&
      this.placesTaken() + this.reserved < this.options.concurrency &&
      this.ready.length > 0
    ) {
      void this.runLane(this.ready.shift()!);
    }
  }

  private placesTaken(): number {
    return this.runningTasks.size - this.placesGivenBack;
  }

  private async runLane(lane: string): Promise<void> {
    const queue = this.lanes.get(lane);
    const task = queue?.shift();
    if (!queue || task === undefined) return;
    this.runningTasks.add(task);
    this.queued -= 1;
    this.onDepth(this.queued);
    if (this.queued < this.options.highWaterMark) this.releaseRoomWaiters();
    let freed = false;
    const laneFree = () => {
      if (freed) return;
      freed = true;
      if (!this.stopped) {
        if (queue.length > 0) this.ready.push(lane);
        else this.lanes.delete(lane);
      }
      this.pump();
    };
    let placeGivenBack = false;
    const placeFree = () => {
      if (placeGivenBack) return;
      placeGivenBack = true;
      this.placesGivenBack += 1;
      this.pump();
    };
    try {
      await this.run(task, laneFree, placeFree);
    } catch (error) {
      this.onError(error, task);
    } finally {
      this.runningTasks.delete(task);
      if (placeGivenBack) this.placesGivenBack -= 1;
      laneFree();
      if (this.runningTasks.size === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
      this.pump();
    }
  }

  private releaseRoomWaiters(): void {
    this.roomWaiters.splice(0).forEach((resolve) => resolve());
  }
}
