import ABA from 'aba-generator';

const PAY = 53;
/** An ABA amount field: 10 digits of cents. */
const MAX_FIELD_CENTS = 9_999_999_999;

// [I16-payouts] The payout run as an ABA (Cemtex) direct-entry file for the operator's bank, made with
// aba-generator: a descriptive record (type 0), one credit (type 1, code 53 'pay') per payout item, and
// the file total record (type 7). Every record is 120 characters; lines end CRLF. The file is not
// self-balancing (no debit line to the operator's account): banks that need one add it themselves, or
// set it up as a balanced file with them (docs/payouts-and-invoices.md). parseAbaFile reads the file back
// (the tests prove every payment survives the round trip).

export interface AbaSettings {
  /** The operator's bank, 3 letters (CBA). */
  bankCode: string;
  /** APCA user id, 6 digits. */
  userId: string;
  /** The user name the bank has for that id (26 characters). */
  userName: string;
  /** The operator's account the money comes from (trace account), and the name sellers see. */
  remitterBsb: string;
  remitterAccount: string;
  remitterName: string;
}

export interface AbaPayment {
  bsb: string;
  accountNumber: string;
  accountName: string;
  amountCents: number;
  /** Shown on the seller's bank statement, 18 characters at most. */
  reference: string;
}

/** 'YYYY-MM-DD' → 'DDMMYY' (the descriptive record's processing date). */
function ddmmyy(date: string): string {
  return `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(2, 4)}`;
}

/** The ABA file paying `payments` on `processOn` ('YYYY-MM-DD'). */
export function abaFile(settings: AbaSettings, processOn: string, payments: readonly AbaPayment[]): string {
  if (payments.length === 0) throw new RangeError('An ABA file needs at least one payment');
  for (const payment of payments) {
    if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents <= 0)
      throw new RangeError(`A payment must be whole, positive cents: ${payment.amountCents}`);
    if (payment.amountCents > MAX_FIELD_CENTS) throw new RangeError('A payment is too large for an ABA file');
  }
  // The file total record's amounts are 10 digits too: a run above $99,999,999.99 needs two files.
  const total = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  if (total > MAX_FIELD_CENTS) throw new RangeError('The payments total too much for one ABA file');
  const aba = new ABA({
    header: {
      bank: settings.bankCode,
      user: settings.userName,
      userNumber: Number(settings.userId),
      description: 'PAYOUTS',
      date: ddmmyy(processOn),
    },
  });
  const text = aba.generate(
    payments.map((payment) => ({
      bsb: payment.bsb,
      account: payment.accountNumber,
      tax: ' ' as const,
      transactionCode: PAY, // 53: pay (a credit)
      // aba-generator takes dollars and converts back with toFixed(0) of ×100: exact for whole cents.
      amount: payment.amountCents / 100,
      accountTitle: payment.accountName.toUpperCase(),
      reference: payment.reference.slice(0, 18),
      traceBsb: settings.remitterBsb,
      traceAccount: settings.remitterAccount,
      remitter: settings.remitterName,
    })),
  );
  return `${text}\r\n`;
}

// ---------------------------------------------------------------------------------------------------
// Reading a file back (fixed width, 120 characters a record)

export interface AbaHeader {
  bank: string;
  userName: string;
  userId: string;
  description: string;
  /** 'DDMMYY' */
  date: string;
}

export interface AbaCredit {
  bsb: string;
  accountNumber: string;
  transactionCode: string;
  amountCents: number;
  accountName: string;
  reference: string;
  traceBsb: string;
  traceAccount: string;
  remitterName: string;
}

export interface AbaTotals {
  netCents: number;
  creditCents: number;
  debitCents: number;
  count: number;
}

export interface ParsedAba {
  header: AbaHeader;
  credits: AbaCredit[];
  totals: AbaTotals;
}

const field = (line: string, from: number, to: number) => line.slice(from, to);
const cents = (line: string, from: number, to: number) => {
  const digits = field(line, from, to);
  if (!/^\d+$/.test(digits)) throw new Error(`Not an amount at ${from}-${to}: "${digits}"`);
  return Number(digits);
};

/** Reads an ABA file (types 0, 1 and 7); throws on a record that is not 120 characters or out of order. */
export function parseAbaFile(text: string): ParsedAba {
  const lines = text.split(/\r\n/).filter((line) => line !== '');
  let header: AbaHeader | null = null;
  let totals: AbaTotals | null = null;
  const credits: AbaCredit[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.length !== 120) throw new Error(`Record ${index + 1} is ${line.length} characters, not 120`);
    const type = line[0];
    if (type === '0') {
      if (index !== 0) throw new Error('The descriptive record must come first');
      header = {
        bank: field(line, 20, 23),
        userName: field(line, 30, 56).trimEnd(),
        userId: field(line, 56, 62),
        description: field(line, 62, 74).trimEnd(),
        date: field(line, 74, 80),
      };
    } else if (type === '1') {
      if (!header || totals) throw new Error(`Detail record ${index + 1} is out of place`);
      credits.push({
        bsb: field(line, 1, 8),
        accountNumber: field(line, 8, 17).trim(),
        transactionCode: field(line, 18, 20),
        amountCents: cents(line, 20, 30),
        accountName: field(line, 30, 62).trimEnd(),
        reference: field(line, 62, 80).trimEnd(),
        traceBsb: field(line, 80, 87),
        traceAccount: field(line, 87, 96).trim(),
        remitterName: field(line, 96, 112).trimEnd(),
      });
    } else if (type === '7') {
      if (field(line, 1, 8) !== '999-999') throw new Error('The file total record must have BSB 999-999');
      totals = {
        netCents: cents(line, 20, 30),
        creditCents: cents(line, 30, 40),
        debitCents: cents(line, 40, 50),
        count: Number(field(line, 74, 80)),
      };
    } else {
      throw new Error(`Unknown record type "${type}" in record ${index + 1}`);
    }
  }
  if (!header) throw new Error('No descriptive record');
  if (!totals) throw new Error('No file total record');
  return { header, credits, totals };
}
