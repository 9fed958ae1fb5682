import type { WorkerLog } from '../modules/messages/outbox.ts';

// The one poll loop of the worker (docs/architecture.md "Outbox"): each periodic job is a named function
// run every `everyMs`, one run at a time per job; an error is logged and the job runs again at its next
// turn. A stop waits for the runs in hand. The outbox (gift cards' messages included), the review deadline,
// the weekly statements and the monthly tax invoices all run in it (start-worker.ts).

export interface PeriodicJob {
  readonly name: string;
  /** Idle time between the end of one run and the start of the next. */
  readonly everyMs: number;
  /** One pass; answers how many things it did. */
  runOnce(): Promise<number>;
  /** Asked to stop: end the pass in hand early where it can (the outbox stops after the row in hand). */
  stop?(): void;
}

export interface PollLoop {
  readonly id: string;
  /** One pass of every job, one after another; answers the sum of what they did. */
  runOnce(): Promise<number>;
  /** Runs each job on its own timer until stopped. */
  start(): void;
  /**
   * Runs each job now instead of at its timer (one already running runs again as soon as it ends): the
   * clock was moved on (TEST_CLOCK, the sandbox's POST /dev/clock), so a job's time may have come.
   */
  wake(): void;
  /** Stops the timers and waits for the runs in hand. */
  stop(): Promise<void>;
}

export function createPollLoop(options: {
  id: string;
  jobs: readonly PeriodicJob[];
  log: WorkerLog;
  /** Told the job's name after each of its passes on its timer, failed ones too (job-passes.ts). */
  onPass?: (job: string) => void;
}): PollLoop {
  const { jobs, log } = options;
  let stopRequested = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  const busy = new Set<string>();
  /** Jobs woken while running: they run again as soon as the run in hand ends. */
  const again = new Set<string>();

  const tick = async (job: PeriodicJob): Promise<void> => {
    busy.add(job.name);
    try {
      await job.runOnce();
    } catch (error) {
      log.error(
        { job: job.name, err: (error instanceof Error ? error.message : String(error)).slice(0, 500) },
        `${job.name}: could not run`,
      );
    }
    busy.delete(job.name);
    options.onPass?.(job.name);
    if (stopRequested) return;
    if (again.delete(job.name)) {
      running.set(job.name, tick(job));
      return;
    }
    timers.set(
      job.name,
      setTimeout(() => running.set(job.name, tick(job)), job.everyMs),
    );
  };

  return {
    id: options.id,
    async runOnce() {
      let done = 0;
      for (const job of jobs) done += await job.runOnce();
      return done;
    },
    start() {
      stopRequested = false;
      log.info({ worker: options.id, jobs: jobs.map((job) => job.name) }, 'worker: started');
      for (const job of jobs) running.set(job.name, tick(job));
    },
    wake() {
      if (stopRequested) return;
      for (const job of jobs) {
        if (busy.has(job.name)) {
          again.add(job.name);
          continue;
        }
        if (!timers.has(job.name)) continue;
        clearTimeout(timers.get(job.name));
        timers.delete(job.name);
        running.set(job.name, tick(job));
      }
    },
    async stop() {
      stopRequested = true;
      for (const timer of timers.values()) clearTimeout(timer);
      for (const job of jobs) job.stop?.();
      await Promise.all(running.values());
    },
  };
}
