import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase } from '../db/database.ts';
import { aSeller, importTestCatalogue } from '../test/catalog-factory.ts';
import { CliError } from './import-command.ts';
import { runStaffOn } from './staff-command.ts';

// [I15-staff-cli] `npm run cli -- staff add|list|remove`: accounts in the real database (PGlite), each
// change in the audit log; every bad input a readable error with exit code 2 that writes nothing.

// The last test runs the CLI as its own process several times (more behind a second test worker).
describe('npm run cli -- staff', { timeout: 180_000 }, () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await openTestDatabase();
    await importTestCatalogue(database.db, { sellers: [aSeller()] });
  });
  afterEach(() => database.close());

  async function staff(args: string[]): Promise<string> {
    let text = '';
    await runStaffOn(database.db, args, (chunk) => {
      text += chunk;
    });
    return text;
  }

  async function refused(args: string[]): Promise<CliError> {
    const error = await staff(args).catch((caught: unknown) => caught);
    expect(error, args.join(' ')).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    return error as CliError;
  }

  const rows = () => database.db.selectFrom('staff').selectAll().orderBy('id').execute();
  const audit = () => database.db.selectFrom('staff_audit').selectAll().orderBy('id').execute();

  it('[I15-staff-cli] adds an operator and a vendor of an existing seller, lists and removes them', async () => {
    expect(await staff(['list'])).toBe('No staff yet.\n');
    expect(
      await staff(['add', '--mobile', '0412 345 678', '--name', 'Jo Operator', '--role', 'operator']),
    ).toMatch(/^Added operator Jo Operator \(0412 345 678\), staff id \d+\.\n$/);
    await staff([
      'add',
      '--mobile',
      '+61412000111',
      '--name',
      'Sam Seller',
      '--role',
      'vendor',
      '--seller',
      'harbour-goods',
    ]);
    const [operator, vendor] = await rows();
    expect(operator).toMatchObject({
      mobile: '+61412345678',
      role: 'operator',
      seller_id: null,
      removed_at: null,
    });
    const seller = await database.db
      .selectFrom('sellers')
      .select('id')
      .where('seller_url', '=', 'harbour-goods')
      .executeTakeFirstOrThrow();
    expect(vendor).toMatchObject({ mobile: '+61412000111', role: 'vendor', seller_id: seller.id });

    const listed = await staff(['list']);
    expect(listed).toContain('0412 345 678\toperator\tJo Operator');
    expect(listed).toContain(`0412 000 111\tvendor (seller ${seller.id})\tSam Seller`);

    expect(await staff(['remove', '--mobile', '0412345678'])).toContain('Removed Jo Operator');
    expect(await staff(['list'])).not.toContain('Jo Operator');
    expect((await rows())[0]?.removed_at).toBeInstanceOf(Date);
    // A removed member's number can be given a new account.
    await staff(['add', '--mobile', '0412345678', '--name', 'Jo Again', '--role', 'operator']);
    expect(await staff(['list'])).toContain('Jo Again');

    expect((await audit()).map((row) => [row.actor, row.action, row.subject])).toEqual([
      ['cli', 'staff.added', `staff:${operator?.id}`],
      ['cli', 'staff.added', `staff:${vendor?.id}`],
      ['cli', 'staff.removed', `staff:${operator?.id}`],
      ['cli', 'staff.added', expect.stringMatching(/^staff:\d+$/)],
    ]);
    expect((await audit())[1]?.after).toEqual({
      mobile: '+61412000111',
      name: 'Sam Seller',
      role: 'vendor',
      seller_id: seller.id,
    });
  });

  it('[I15-staff-cli] refuses every bad input with a readable message, exit code 2, and writes nothing', async () => {
    await staff(['add', '--mobile', '0412345678', '--name', 'Jo Operator', '--role', 'operator']);
    const before = { staff: (await rows()).length, audit: (await audit()).length };
    const cases: [string[], RegExp][] = [
      [[], /staff needs a command/],
      [['promote'], /Unknown staff command "promote"/],
      [['add', '--name', 'X Y', '--role', 'operator'], /--mobile is required/],
      [['add', '--mobile', '0412000222', '--role', 'operator'], /--name is required/],
      [['add', '--mobile', '0412000222', '--name', 'Al Ex'], /--role is required/],
      [
        ['add', '--mobile', '02 9999 9999', '--name', 'Al Ex', '--role', 'operator'],
        /not an Australian mobile/,
      ],
      [
        ['add', '--mobile', '0412000222', '--name', 'Al Ex', '--role', 'admin'],
        /Unknown role "admin": use operator or vendor/,
      ],
      [['add', '--mobile', '0412000222', '--name', 'Al Ex', '--role', 'vendor'], /A vendor needs --seller/],
      [
        ['add', '--mobile', '0412000222', '--name', 'Al Ex', '--role', 'vendor', '--seller', 'nobody'],
        /No seller "nobody"/,
      ],
      [
        [
          'add',
          '--mobile',
          '0412000222',
          '--name',
          'Al Ex',
          '--role',
          'operator',
          '--seller',
          'harbour-goods',
        ],
        /only for --role vendor/,
      ],
      [['add', '--mobile', '0412000222', '--name', ' ', '--role', 'operator'], /name must be 2 to 80/],
      [
        ['add', '--mobile', '+61 412 345 678', '--name', 'Jo Twice', '--role', 'operator'],
        /\+61412345678 already has a staff account/,
      ],
      [
        ['add', '--mobile', '0412000222', '--name', 'Al Ex', '--role', 'operator', '--colour', 'red'],
        /Unknown option '--colour'/,
      ],
      [['list', '--mobile', '0412345678'], /staff list takes no --mobile/],
      [['remove'], /--mobile is required/],
      [['remove', '--mobile', 'nope'], /not an Australian mobile/],
      [['remove', '--mobile', '0412000999'], /\+61412000999 has no staff account/],
    ];
    for (const [args, message] of cases) {
      const error = await refused(args);
      expect(error.message, args.join(' ')).toMatch(message);
      expect(error.message).toContain('Usage: npm run cli -- staff add');
    }
    expect({ staff: (await rows()).length, audit: (await audit()).length }).toEqual(before);
  });

  it('[I15-staff-cli] runs as `npm run cli -- staff`: exit 0 on success, 2 with the message on stderr', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quokka-staff-'));
    const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
    const cli = (args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'staff', ...args],
        {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        },
      );
    try {
      const added = await cli([
        'add',
        '--mobile',
        '0412345678',
        '--name',
        'Jo Operator',
        '--role',
        'operator',
      ]);
      expect(added.stdout).toMatch(/^Added operator Jo Operator \(0412 345 678\)/);
      expect((await cli(['list'])).stdout).toContain('0412 345 678\toperator\tJo Operator');
      const failed = await cli(['add', '--mobile', '0412000222', '--name', 'Al', '--role', 'admin']).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown role "admin"') });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
