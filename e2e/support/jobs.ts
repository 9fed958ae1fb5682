// [I26] The server's worker, seen from a journey: GET /dev/jobs.json counts each job's finished passes.

async function outboxPasses(baseURL: string): Promise<number> {
  const reply = await fetch(`${baseURL}/dev/jobs.json`);
  if (!reply.ok) throw new Error(`/dev/jobs.json answered ${reply.status}`);
  return ((await reply.json()) as { passes: Record<string, number> }).passes.outbox ?? 0;
}

/**
 * Resolves once the server's outbox has finished `more` passes after this moment (the first may already
 * have been under way, so two make sure it has looked at every row again since). A journey checking that a
 * text is *not* sent twice waits for this, not for a few seconds of wall time.
 */
export async function outboxPassedAgain(baseURL: string, more = 2): Promise<void> {
  const target = (await outboxPasses(baseURL)) + more;
  const deadline = Date.now() + 15_000;
  while ((await outboxPasses(baseURL)) < target) {
    if (Date.now() > deadline) throw new Error(`the outbox did not pass ${more} more times in 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
