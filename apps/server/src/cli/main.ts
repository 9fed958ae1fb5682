import { ConfigError } from '../config.ts';
import { CliError } from './cli-error.ts';

// The operator's CLI: `npm run cli -- <command> [args]` (DECISIONS.md "Operations"). A small dispatcher:
// each command lives in its own file and opens (and always closes) the database itself. Any failure
// prints a readable message and exits non-zero; a stack trace only for real faults.
// Each command's module is loaded when that command runs: `link` needs no database, images or importer,
// and starts in a fraction of the time the whole tree takes to load (the browser journeys run it often).

interface Command {
  usage: string;
  summary: string;
  run(args: string[]): Promise<void>;
}

const COMMANDS: Record<string, Command> = {
  import: {
    usage: 'import FILE [--format json|shopify|magento] [--seller NAME] [--category VALUE=PATH]',
    summary:
      'Import a catalogue: our JSON, a Shopify or a Magento product CSV; see docs/catalogue-import.md.',
    run: async (args) => (await import('./import-command.ts')).runImport(args),
  },
  seed: {
    usage: 'seed [--reset]',
    summary: 'Load the demo shop; --reset deletes the whole catalogue first.',
    // Loaded on use, so other commands do not load the demo shop and its pictures.
    run: async (args) => (await import('./seed-command.ts')).runSeed(args),
  },
  link: {
    usage: 'link --mobile 0412345678 [--product ID] [--campaign ID] [--seller URL] [--expires 7d]',
    summary: 'Print a sign-in link for a mobile (see docs/sign-in.md); works while the server runs.',
    run: async (args) => (await import('./link-command.ts')).runLink(args),
  },
  staff: {
    usage: 'staff add|list|remove …',
    summary:
      'Back-office accounts: add --mobile --name --role operator|vendor [--seller URL], list, remove --mobile.',
    run: async (args) => (await import('./staff-command.ts')).runStaff(args),
  },
  help: {
    usage: 'help',
    summary: 'Show this list.',
    run: async () => {
      process.stdout.write(helpText());
    },
  },
};

function helpText(): string {
  const width = Math.max(...Object.values(COMMANDS).map((command) => command.usage.length));
  const lines = Object.values(COMMANDS).map(
    (command) => `  ${command.usage.padEnd(width)}  ${command.summary}`,
  );
  return `Usage: npm run cli -- <command>\n\nCommands:\n${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name = 'help', ...args] = argv;
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n\n${helpText()}`);
    return 2;
  }
  try {
    await command.run(args);
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return error instanceof CliError ? error.exitCode : 1;
    }
    // Only another failure loads the importer's module, to recognise its error.
    const { CatalogueImportError } = await import('../modules/catalog/catalog-importer.ts');
    if (error instanceof CatalogueImportError) {
      process.stderr.write(`${error.message}\nNothing was imported.\n`);
      return 1;
    }
    process.stderr.write(
      `${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  }
}

// process.exitCode rather than process.exit(): stdout is flushed before the process ends.
process.exitCode = await main(process.argv.slice(2));
