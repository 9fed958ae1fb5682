import { DEFAULT_TIMEZONE, TERMS } from '@quokka/contract/constants';
import { formatPrice } from '@quokka/contract/money';
import { ProviderName } from '../components/provider-identity';
import type { LegalDocument } from './legal-document';
import { count, notice, percent } from './legal-figures';

// The supplier's contract. Its fee, reconciliation, remittance, invoice and chargeback figures are the
// ones the vendor reconciliation report computes with ([BIZ-01..06], [BIZ-13]), read from the same TERMS.
export const vendorTerms: LegalDocument = {
  id: 'vendor-terms',
  title: 'Vendor Terms',
  intro: (
    <p>
      These terms apply to every supplier (“vendor”, “you”) that sells goods through this storefront. They
      form a contract between you and the Provider (<ProviderName />, the operator of this storefront, “we”,
      “us”), together with the Data Processing Agreement below.
    </p>
  ),
  sections: [
    {
      id: 'eligibility',
      heading: 'Who can sell',
      body: (
        <>
          <p>To sell through the storefront you must:</p>
          <ul>
            <li>
              be a current subscriber to the Provider’s service, with your subscription paid and in good
              standing;
            </li>
            <li>have each of your goods approved by the Provider before it is listed; and</li>
            <li>keep your business details, ABN, GST registration and bank account details accurate.</li>
          </ul>
          <p>
            If your subscription lapses, your goods are hidden from the storefront and new orders for them are
            refused until it is renewed.
          </p>
        </>
      ),
    },
    {
      id: 'listings',
      heading: 'Your goods and listings',
      body: (
        <>
          <p>
            You are the seller of your goods. You are responsible for their descriptions, pictures, prices,
            stock levels and delivery, and for making sure they are lawful, safe and as described. Prices are
            in Australian dollars and must be the total price a shopper pays for the goods, including GST.
          </p>
          <p>
            You must meet your obligations to shoppers under the Australian Consumer Law, including the
            consumer guarantees, and must not make false or misleading claims. The Provider may decline or
            remove a listing at any time.
          </p>
        </>
      ),
    },
    {
      id: 'orders',
      heading: 'The order lifecycle',
      body: (
        <ol>
          <li>A shopper places an order and pays for it by card through the storefront.</li>
          <li>
            The Provider approves or refuses the order. The Provider may refuse any order, and refunds refused
            orders to the shopper.
          </li>
          <li>
            Approved orders are passed to you. You must prepare them and deliver them promptly to the
            Australian address the shopper chose, and keep proof of delivery.
          </li>
          <li>Weekly reconciliation follows, as set out below.</li>
        </ol>
      ),
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      body: (
        <p>
          Only you approve refunds. When you approve one, you request it through the Provider, and the
          Provider returns the money to the shopper’s card and deducts it in the next reconciliation. You must
          not refuse a refund, repair or replacement that the Australian Consumer Law requires. When a shopper
          contacts the Provider about your goods, we pass the request on to you.
        </p>
      ),
    },
    {
      id: 'fees',
      heading: 'Fees',
      body: (
        <>
          <p>For each order of your goods, the Provider charges:</p>
          <ul>
            <li>
              a <strong>service fee of {percent(TERMS.serviceFeePercent)}</strong> of the order price, on
              every order; and
            </li>
            <li>
              a <strong>commission of {percent(TERMS.commissionPercent)}</strong> on marketplace orders, that
              is, orders of your goods that the storefront’s shared marketplace brings to you. The
              reconciliation report marks which orders are marketplace orders.
            </li>
          </ul>
          <p>
            The fees are deducted from the amounts remitted to you. They are stated exclusive of GST; GST is
            added where it applies and is shown on the tax invoice.
          </p>
        </>
      ),
    },
    {
      id: 'reconciliation',
      heading: 'Weekly reconciliation and remittance',
      body: (
        <>
          <p>
            Each reconciliation covers the {count(TERMS.reconciliationDays, 'day')} ending{' '}
            {TERMS.reconciliationEnds} ({DEFAULT_TIMEZONE} time). The reconciliation report lists the approved
            orders of that period, refunds, chargebacks, the service fee and the commission, and the net
            amount owed to you.
          </p>
          <p>
            The Provider remits the net amount to your nominated bank account within{' '}
            {count(TERMS.remittanceBusinessDays, 'business day')} after the period ends. If the net amount is
            negative, for example because of refunds or chargebacks, it is carried into the next period or
            invoiced to you.
          </p>
        </>
      ),
    },
    {
      id: 'tax-invoices',
      heading: 'Tax invoices',
      body: (
        <p>
          The Provider issues you a tax invoice for its fees within{' '}
          {count(TERMS.taxInvoiceDaysAfterMonthEnd, 'day')} after the end of each month, in line with the A
          New Tax System (Goods and Services Tax) Act 1999.
        </p>
      ),
    },
    {
      id: 'chargebacks',
      heading: 'Chargebacks',
      body: (
        <p>
          A shopper’s card issuer may reverse a payment. Chargebacks raised within{' '}
          {count(TERMS.chargebackMonths, 'month')} of an order are deducted from your next reconciliation. You
          must help us respond, for example with proof of delivery; if the chargeback is reversed in your
          favour, the amount is returned to you.
        </p>
      ),
    },
    {
      id: 'suspension',
      heading: 'Suspension and ending',
      body: (
        <>
          <p>
            The Provider may suspend you, hide your goods or refuse orders for them if you break these terms,
            receive repeated complaints, stop being a current subscriber, or if there is suspected fraud or a
            legal requirement.
          </p>
          <p>
            You may stop selling by ending your subscription. Orders approved before suspension or ending must
            still be fulfilled or refunded, and they are reconciled as usual.
          </p>
        </>
      ),
    },
    {
      id: 'shopper-data',
      heading: 'Shoppers’ personal information',
      body: (
        <p>
          You receive shoppers’ names, mobile numbers, delivery addresses and order details only to fulfil,
          deliver and support their orders. You must handle them as the Privacy Act 1988 and the Data
          Processing Agreement require, and must not send shoppers marketing messages without their consent
          under the Spam Act 2003.
        </p>
      ),
    },
    {
      id: 'liability',
      heading: 'Liability',
      body: (
        <p>
          You are responsible for your goods and for claims about them. Except for liability that cannot
          lawfully be limited, the Provider’s total liability to you arising out of these terms or the
          storefront is limited to {formatPrice(TERMS.liabilityCapDollars)}.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      body: (
        <p>
          The Provider may change these terms, including its fees, by giving you at least{' '}
          {notice(TERMS.termsChangeNoticeDays, 'day')} in writing before the change takes effect. If you do
          not agree, you may end your subscription before the change applies.
        </p>
      ),
    },
    {
      id: 'general',
      heading: 'Law',
      body: (
        <p>
          These terms are governed by the laws of Australia and of the state or territory where the Provider
          has its principal place of business.
        </p>
      ),
    },
  ],
};
