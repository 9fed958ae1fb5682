import { writeFileSync } from 'node:fs';

// [I26] The e2e project's setup file (vitest.config.ts): it runs before each journey file. When
// QUOKKA_JOURNEYS_STARTED names a file, it makes it: `.ci/run` waits for it to start typecheck, lint, the
// PostgreSQL pass and the scale-out check beside the journeys, on the core they leave idle.
const marker = process.env.QUOKKA_JOURNEYS_STARTED;
if (marker) writeFileSync(marker, `${new Date().toISOString()}\n`);
