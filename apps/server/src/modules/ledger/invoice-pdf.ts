import { invoiceNumberText, type TaxInvoice } from '@quokka/contract/api/payouts';
import { type BusinessIdentity, supportContactText } from '@quokka/contract/business-identity';
import { longDate, monthName } from '@quokka/contract/calendar-dates';
import { formatCents } from '@quokka/contract/money';
import PDFDocument from 'pdfkit';

// [I16-invoices] The tax invoice as a PDF (pdfkit's built-in Helvetica: no font files). It carries what
// the ATO asks of a tax invoice: the words 'Tax invoice', the supplier's (operator's) name and ABN, the
// date of issue, the invoice number, the buyer's (seller's) identity — their name and seller id (no ABN
// is on file for sellers) — each fee with its amount, the GST amount, the total including GST, and a
// statement that the total includes GST. [I32] A month with the sellers' subscription lists it and its GST
// after the fees; the GST stated under the total is all of it (fees' and subscription's).

export function invoicePdf(invoice: TaxInvoice, identity: BusinessIdentity): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: `Tax invoice ${invoiceNumberText(invoice.invoice_number)}`,
        Author: identity.tradingName,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(22).text('Tax invoice');
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(12).text(identity.tradingName);
    doc.font('Helvetica').fontSize(10).text(`ABN ${identity.abn}`);
    const contact = supportContactText(identity);
    if (contact) doc.text(`Contact: ${contact}`);
    doc.moveDown();

    doc.text(`Invoice number: ${invoiceNumberText(invoice.invoice_number)}`);
    doc.text(`Date of issue: ${longDate(invoice.issued_on)}`);
    const hasSubscription = invoice.subscription_cents !== 0 || invoice.subscription_gst_cents !== 0;
    doc.text(
      `Period: fees${hasSubscription ? ' and subscription' : ''} charged in ${monthName(invoice.month)}`,
    );
    doc.moveDown();

    doc.font('Helvetica-Bold').text('Issued to');
    doc.font('Helvetica').text(invoice.seller_name);
    doc.text(`Seller ID: ${invoice.seller_id}`);
    doc.moveDown();

    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;
    const row = (label: string, amount: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(label, left, y, { width: right - left - 120 });
      doc.text(amount, right - 120, y, { width: 120, align: 'right' });
      doc.moveDown(0.4);
    };
    row('Description', 'Amount', true);
    row('Service fee (2.9% of the order price), excluding GST', formatCents(invoice.service_fee_cents));
    row('Commission (3.1% on marketplace orders), excluding GST', formatCents(invoice.commission_cents));
    row('GST (10% of the fees)', formatCents(invoice.gst_cents));
    if (hasSubscription) {
      row('Monthly subscription, excluding GST', formatCents(invoice.subscription_cents));
      row('GST on subscription (10%)', formatCents(invoice.subscription_gst_cents));
    }
    row('Total including GST', formatCents(invoice.total_cents), true);
    doc.moveDown();
    const allGst = invoice.gst_cents + invoice.subscription_gst_cents;
    doc
      .font('Helvetica')
      .text(
        `The total of ${formatCents(invoice.total_cents)} includes GST of ${formatCents(allGst)}.`,
        left,
        doc.y,
      );
    doc.text(
      hasSubscription
        ? 'These fees and the subscription were deducted from your weekly statements; there is nothing further to pay.'
        : 'These fees were deducted from your weekly statements; there is nothing further to pay.',
      left,
      doc.y,
    );
    doc.end();
  });
}
