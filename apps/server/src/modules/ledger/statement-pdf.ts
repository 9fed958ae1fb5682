import { LEDGER_KIND_LABELS, type StatementReply } from '@quokka/contract/api/ledger';
import { longDate } from '@quokka/contract/calendar-dates';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { formatCents } from '@quokka/contract/money';
import { utcToZonedWallTime } from '@quokka/contract/timezones';
import PDFDocument from 'pdfkit';

// [I16-statements] A statement as a PDF (pdfkit): the seller, the week and its period in Sydney time, the
// remittance date, every line (date, order, description, amount), the totals by kind, the net, what was
// brought forward, what is payable and what is carried forward.

const sydney = (iso: string) => utcToZonedWallTime(new Date(iso), DEFAULT_TIMEZONE).slice(0, 16);

export function statementPdf(reply: StatementReply, storeName: string): Promise<Buffer> {
  const { statement } = reply;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Statement ${statement.week_ends_on}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(18).text(`${storeName}: weekly statement`);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Seller: ${statement.seller_name} (seller ${statement.seller_id})`);
  doc.text(`Week ending: ${longDate(statement.week_ends_on)}`);
  doc.text(`Period: ${sydney(statement.period_start)} to ${sydney(statement.period_end)} (Sydney time)`);
  doc.text(`Remittance date: ${longDate(statement.remittance_on)}`);
  doc.moveDown();

  doc.fontSize(12).text('Lines');
  doc.fontSize(9);
  if (reply.lines.length === 0) doc.text('No entries this week.');
  for (const line of reply.lines) {
    const order = line.order_increment_id ? `Order ${line.order_increment_id}  ` : '';
    doc.text(
      `${sydney(line.occurred_at)}  ${order}${LEDGER_KIND_LABELS[line.kind]}: ${line.description}  ${formatCents(line.amount_cents)}`,
    );
  }
  doc.moveDown();

  doc.fontSize(12).text('Totals');
  doc.fontSize(10);
  for (const total of reply.totals) doc.text(`${total.label}: ${formatCents(total.amount_cents)}`);
  doc.moveDown(0.5);
  doc.text(`Net: ${formatCents(statement.net_cents)}`);
  doc.text(`Brought forward: ${formatCents(statement.brought_forward_cents)}`);
  doc.text(`Payable: ${formatCents(statement.payable_cents)}`);
  doc.text(`Carried forward: ${formatCents(statement.carried_forward_cents)}`);
  doc.end();
  return done;
}
