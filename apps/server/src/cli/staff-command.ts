import { parseArgs } from 'node:util';
import { formatMobileNational } from '@quokka/contract/mobile';
import { systemClock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { findSellerByUrl } from '../modules/catalog/catalog-repository.ts';
import { createStaffAccounts, StaffInputError, type StaffMember } from '../modules/staff/staff-accounts.ts';
import { CliError, withCliDatabase } from './import-command.ts';

// [I15-staff-cli] `npm run cli -- staff add|list|remove` (docs/back-office.md): the back office's accounts.
// Arguments are checked before the database is opened; every refusal is one readable line, exit code 2,
// and writes nothing. Each change is written to the staff audit log with the CLI as its actor.

export const STAFF_USAGE = [
  'Usage: npm run cli -- staff add --mobile 0412345678 --name "Jo Operator" --role operator',
  '       npm run cli -- staff add --mobile 0412345678 --name "Sam Seller" --role vendor --seller <seller_url>',
  '       npm run cli -- staff list',
  '       npm run cli -- staff remove --mobile 0412345678',
].join('\n');

const usageError = (problem: string) => new CliError(`${problem}\n${STAFF_USAGE}`, 2);

type StaffRequest =
  | { command: 'add'; mobile: string; name: string; role: string; seller?: string }
  | { command: 'list' }
  | { command: 'remove'; mobile: string };

export function parseStaffArgs(args: string[]): StaffRequest {
  const [command, ...rest] = args;
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        mobile: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        seller: { type: 'string' },
      },
    }));
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error));
  }
  const given = Object.keys(values).filter((key) => values[key] !== undefined);
  const only = (allowed: string[]) => {
    const extra = given.find((key) => !allowed.includes(key));
    if (extra) throw usageError(`staff ${command} takes no --${extra}`);
  };
  if (command === 'list') {
    only([]);
    return { command };
  }
  if (command === 'remove') {
    only(['mobile']);
    if (!values.mobile) throw usageError('--mobile is required');
    return { command, mobile: values.mobile };
  }
  if (command === 'add') {
    if (!values.mobile) throw usageError('--mobile is required');
    if (!values.name) throw usageError('--name is required');
    if (!values.role) throw usageError('--role is required (operator or vendor)');
    return {
      command,
      mobile: values.mobile,
      name: values.name,
      role: values.role,
      ...(values.seller === undefined ? {} : { seller: values.seller }),
    };
  }
  throw usageError(command ? `Unknown staff command "${command}"` : 'staff needs a command');
}

function describe(member: StaffMember): string {
  const seller = member.seller_id === null ? '' : ` (seller ${member.seller_id})`;
  return `${member.id}\t${formatMobileNational(member.mobile)}\t${member.role}${seller}\t${member.name}`;
}

/** Runs one staff command on an open database; the CLI and the tests share it. */
export async function runStaffOn(db: Db, args: string[], out: (text: string) => void): Promise<void> {
  const request = parseStaffArgs(args);
  const accounts = createStaffAccounts({
    db,
    clock: systemClock,
    findSellerId: async (sellerUrl) => (await findSellerByUrl(db, sellerUrl))?.id,
  });
  try {
    if (request.command === 'list') {
      const members = await accounts.list();
      out(members.length === 0 ? 'No staff yet.\n' : `${members.map(describe).join('\n')}\n`);
    } else if (request.command === 'add') {
      const member = await accounts.add({
        mobile: request.mobile,
        name: request.name,
        role: request.role,
        sellerUrl: request.seller,
      });
      out(
        `Added ${member.role} ${member.name} (${formatMobileNational(member.mobile)}), staff id ${member.id}.\n`,
      );
    } else {
      const member = await accounts.remove(request.mobile);
      out(`Removed ${member.name} (${formatMobileNational(member.mobile)}); their sessions have ended.\n`);
    }
  } catch (error) {
    if (error instanceof StaffInputError) throw usageError(error.message);
    throw error;
  }
}

export async function runStaff(args: string[]): Promise<void> {
  // A typo is reported before the database is opened.
  parseStaffArgs(args);
  await withCliDatabase((db) => runStaffOn(db, args, (text) => process.stdout.write(text)));
}
