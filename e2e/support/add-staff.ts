// [I26] `npm run cli -- staff add …` for several people in one process: node --import tsx
// e2e/support/add-staff.ts '<JSON list of argument lists>'. Each list goes through the CLI's own staff
// command (runStaff), one after another on the journey's data directory (DATA_DIR); a journey that adds
// five people pays for one process, its module loading and its embedded database's start once, not five times.
import { runStaff } from '../../apps/server/src/cli/staff-command.ts';

const lists = JSON.parse(process.argv[2] ?? '[]') as string[][];
for (const args of lists) await runStaff(['add', ...args]);
