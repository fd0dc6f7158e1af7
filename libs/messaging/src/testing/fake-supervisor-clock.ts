import type { SupervisorClock } from '../event-bus/kafka/consumer-supervisor';

/** A SupervisorClock whose timers fire only when the test moves time on. */
export class FakeSupervisorClock implements SupervisorClock {
  private timers: Array<{ at: number; fire: () => void; done: boolean }> = [];

  constructor(public time: number) {}

  now(): number {
    return this.time;
  }

  after(ms: number, fire: () => void): () => void {
    const timer = { at: this.time + ms, fire, done: false };
    this.timers.push(timer);
    return () => void (timer.done = true);
  }

  /** Waits asked for and neither fired nor cancelled, in ms from now. */
  get pending(): number[] {
    return this.timers.filter((timer) => !timer.done).map((timer) => timer.at - this.time);
  }

  /** Moves time on, fires the timers now due, and lets what they started run. */
  async advance(ms: number): Promise<void> {
    this.time += ms;
    for (const timer of this.timers.filter(
      (candidate) => !candidate.done && candidate.at <= this.time,
    )) {
      timer.done = true;
      timer.fire();
    }
    await settle();
  }
}

/** Lets pending promise reactions (and what they schedule at once) run. */
export function settle(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
