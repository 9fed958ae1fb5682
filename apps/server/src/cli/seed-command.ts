import { seedDemo } from '../demo/seed-demo.ts';
import { mediaLibraryFor } from '../modules/media/catalogue-pictures.ts';
import { CliError, describeSummary, withCliDatabase } from './import-command.ts';

// `npm run cli -- seed [--reset]`: loads the demo shop into the database the server uses (settings from
// the environment and .env, migrations applied). --reset deletes the whole catalogue first.

const USAGE = 'Usage: npm run cli -- seed [--reset]';

export async function runSeed(args: string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== '--reset');
  if (unknown.length > 0) throw new CliError(`Unknown option ${unknown.join(' ')}.\n${USAGE}`, 2);
  const reset = args.includes('--reset');
  const started = performance.now();
  const summary = await withCliDatabase((db, config) => seedDemo(db, mediaLibraryFor(db, config), { reset }));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `${reset ? 'Reset the catalogue and seeded' : 'Seeded'} the demo shop in ${seconds} s\n${describeSummary(summary)}\n`,
  );
}
