// [I26] How many passes each job of this process's worker has finished (the poll loop counts them). The
// sandbox's GET /dev/jobs.json shows them, so a browser journey that checks something is *not* done again
// (a receipt texted once) waits for the outbox to have looked again, not for a few seconds to go by.
export interface JobPasses {
  /** One more finished pass of `job` (a pass that failed counts: the job looked). */
  record(job: string): void;
  /** The passes so far, by job name. */
  counts(): Record<string, number>;
}

export function createJobPasses(): JobPasses {
  const passes = new Map<string, number>();
  return {
    record(job) {
      passes.set(job, (passes.get(job) ?? 0) + 1);
    },
    counts() {
      return Object.fromEntries(passes);
    },
  };
}
