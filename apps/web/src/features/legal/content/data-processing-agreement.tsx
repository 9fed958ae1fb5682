import { TERMS } from '@quokka/contract/constants';
import type { LegalDocument } from './legal-document';
import { count, notice } from './legal-figures';

// Part of the vendor's contract: how the Provider handles the personal information of the vendor's shoppers.
// Notice periods and survival come from TERMS ([BIZ-09..BIZ-12]).
export const dataProcessingAgreement: LegalDocument = {
  id: 'data-processing-agreement',
  title: 'Data Processing Agreement',
  intro: (
    <p>
      This agreement forms part of the Vendor Terms. It sets out how the Provider (the operator of this
      storefront) handles personal information on behalf of each vendor, and how the vendor handles the
      personal information it receives, under the Privacy Act 1988 and the Australian Privacy Principles.
    </p>
  ),
  sections: [
    {
      id: 'definitions',
      heading: 'Meaning of words',
      body: (
        <ul>
          <li>
            <strong>Personal information</strong> and <strong>eligible data breach</strong> have the meanings
            they have in the Privacy Act 1988.
          </li>
          <li>
            <strong>Shopper data</strong> is personal information about shoppers and gift card recipients that
            the Provider handles in connection with the vendor’s goods and orders.
          </li>
          <li>
            <strong>Sub-processor</strong> is a third party that the Provider engages to handle shopper data,
            such as its hosting, payment or messaging provider.
          </li>
        </ul>
      ),
    },
    {
      id: 'purpose',
      heading: 'What the Provider does with shopper data',
      body: (
        <p>
          The Provider handles shopper data only to run the storefront: to register members and sign them in,
          to take payments, approve orders and pass them to the vendor, to deliver gift cards and receipts, to
          handle refunds and chargebacks, to reconcile with the vendor, and to meet its legal obligations. It
          does not sell shopper data.
        </p>
      ),
    },
    {
      id: 'vendor-duties',
      heading: 'What the vendor may do with shopper data',
      body: (
        <p>
          The vendor uses the shopper data it receives only to fulfil, deliver and support the orders, to
          honour refunds and consumer guarantees, and to keep the records the law requires. It keeps the data
          secure, limits access to people who need it, does not send marketing messages without consent as the
          Spam Act 2003 requires, and deletes or de-identifies the data when it is no longer needed for those
          purposes.
        </p>
      ),
    },
    {
      id: 'security',
      heading: 'Security',
      body: (
        <p>
          Each party takes reasonable steps to protect shopper data from misuse, interference, loss and
          unauthorised access, change or disclosure, as Australian Privacy Principle 11 requires. On the
          Provider’s side this includes encrypted connections, access controls, one-time codes and sign-in
          tokens stored only as hashes, and card numbers that never reach the storefront’s servers.
        </p>
      ),
    },
    {
      id: 'sub-processors',
      heading: 'Sub-processors',
      body: (
        <>
          <p>
            The vendor agrees that the Provider may use sub-processors for hosting, card payments, text and
            picture messages, and bot checks. The Provider binds each sub-processor to protections no weaker
            than this agreement and remains responsible for them.
          </p>
          <p>
            The Provider gives the vendor at least {notice(TERMS.subProcessorNoticeDays, 'day')} before adding
            or replacing a sub-processor. The vendor may object on reasonable privacy grounds within that
            time; if the parties cannot resolve the objection, the vendor may end this agreement and the
            Vendor Terms.
          </p>
          <p>
            Some sub-processors may handle shopper data outside Australia. Before that happens, the Provider
            takes reasonable steps to ensure they handle it consistently with the Australian Privacy
            Principles, as Australian Privacy Principle 8 requires.
          </p>
        </>
      ),
    },
    {
      id: 'requests',
      heading: 'Requests and complaints from individuals',
      body: (
        <p>
          Each party helps the other to answer requests from individuals to access or correct their personal
          information, and privacy complaints, including complaints to the Office of the Australian
          Information Commissioner. A party that receives a request meant for the other passes it on promptly.
        </p>
      ),
    },
    {
      id: 'breaches',
      heading: 'Data breaches',
      body: (
        <p>
          A party that becomes aware of unauthorised access to, disclosure of or loss of shopper data tells
          the other party without undue delay, with the details it has. The parties work together to contain
          the breach, to assess whether it is an eligible data breach, and to notify the affected individuals
          and the Commissioner when the Notifiable Data Breaches scheme of the Privacy Act 1988 requires it.
        </p>
      ),
    },
    {
      id: 'audits',
      heading: 'Audits',
      body: (
        <p>
          The vendor may audit the Provider’s compliance with this agreement, or have an independent auditor
          do so, by giving at least {notice(TERMS.auditNoticeDays, 'day')} in writing. Audits take place
          during business hours, no more often than is reasonable, without disrupting the storefront, and
          under a duty of confidentiality. The Provider may meet an audit request with recent independent
          reports where they cover the same ground.
        </p>
      ),
    },
    {
      id: 'term',
      heading: 'Term and ending',
      body: (
        <>
          <p>
            This agreement lasts as long as the Vendor Terms. Either party may end it by giving the other{' '}
            {notice(TERMS.dpaTerminationNoticeMonths, 'month')} in writing; because the vendor cannot sell
            without it, the Vendor Terms end at the same time.
          </p>
          <p>
            When it ends, each party deletes or returns the other’s shopper data, except for records the law
            requires it to keep, which it continues to protect.
          </p>
        </>
      ),
    },
    {
      id: 'survival',
      heading: 'Survival',
      body: (
        <p>
          The clauses on security, data breaches, requests and complaints, audits and deletion survive for{' '}
          {count(TERMS.dpaSurvivalYears, 'year')} after this agreement ends.
        </p>
      ),
    },
  ],
};
