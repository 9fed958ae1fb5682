/** Time as the server sees it. Tests and the TEST_CLOCK setting swap it, so no test depends on the hour. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests of expiry, quiet hours and schedules. */
export class FakeClock implements Clock {
  #at: number;
  constructor(start: Date | string = '2026-11-21T00:00:00Z') {
    this.#at = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#at);
  }
  set(at: Date | string): void {
    this.#at = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.#at += ms;
  }
}

/**
 * The TEST_CLOCK setting's clock: it starts at the given instant and runs on in real time, and a test
 * may move it forward (the sandbox's POST /dev/clock), e.g. past a Monday statement cut-off.
 */
export class RunningTestClock implements Clock {
  #offsetMs: number;
  readonly #onAdvance = new Set<() => void>();
  constructor(start: Date | string) {
    this.#offsetMs = new Date(start).getTime() - Date.now();
  }
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advance(ms: number): void {
    this.#offsetMs += ms;
    for (const listener of this.#onAdvance) listener();
  }
  /** Called after each move forward (the worker runs its jobs at once: their time may have come). */
  onAdvance(listener: () => void): void {
    this.#onAdvance.add(listener);
  }
}
