import { GIFT_CARD_VALID_YEARS, OTP_TTL_S } from '@quokka/contract/constants';
import { Link } from '../../../components/ui/link';
import { ProviderContact } from '../components/provider-identity';
import type { LegalDocument } from './legal-document';
import { count, QUIET_HOURS_END, QUIET_HOURS_SPAN } from './legal-figures';

// What the storefront really does with personal information (DECISIONS.md "Sign-in", "Sandbox mode",
// "Gift cards"): card numbers never reach the server, codes and tokens are kept only as hashes.
export const privacyPolicy: LegalDocument = {
  id: 'privacy-policy',
  title: 'Privacy Policy',
  intro: (
    <p>
      This policy explains how the Provider (the operator of this storefront, “we”, “us”) collects, uses,
      holds and discloses personal information. We are bound by the Privacy Act 1988 and the Australian
      Privacy Principles.
    </p>
  ),
  sections: [
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      body: (
        <>
          <p>When you register, sign in and shop, we collect:</p>
          <ul>
            <li>your mobile number, which is also how you sign in;</li>
            <li>your name and email address;</li>
            <li>your billing address and the delivery addresses you save;</li>
            <li>your orders: the goods, their suppliers, amounts, delivery method, dates and status;</li>
            <li>
              for a saved card, only its brand, its last four digits and its expiry date (see “Payment
              cards”);
            </li>
            <li>
              for each gift card you send, the recipient’s name and mobile number, your message, the picture
              you chose and the delivery time and time zone;
            </li>
            <li>
              the details carried by a sign-in link sent to you, such as the product, supplier or campaign it
              was for; and
            </li>
            <li>
              technical information such as your IP address and the result of an automated bot check, which we
              use to protect sign-in and checkout from abuse.
            </li>
          </ul>
          <p>
            Your browser also keeps your cart and your sign-in on your own device, so that the storefront
            remembers them between visits.
          </p>
        </>
      ),
    },
    {
      id: 'anonymity',
      heading: 'Browsing without identifying yourself',
      body: (
        <p>
          You can browse the storefront, its suppliers and these pages without giving us your name or number.
          To buy, we need your mobile number, name, email and an Australian delivery address, because we
          cannot deliver an order or a gift card without them.
        </p>
      ),
    },
    {
      id: 'how-we-use',
      heading: 'How we use it',
      body: (
        <>
          <ul>
            <li>to register you, sign you in and keep your membership secure;</li>
            <li>to take payment, approve orders and pass them to the supplier who delivers them;</li>
            <li>to deliver gift cards and send receipts;</li>
            <li>to handle refunds, chargebacks, questions and complaints;</li>
            <li>to settle orders with suppliers in the weekly reconciliation;</li>
            <li>to prevent fraud and misuse; and</li>
            <li>to meet our legal obligations, such as tax record keeping.</li>
          </ul>
          <p>
            We use your details for marketing only if you have agreed to it, and you can opt out at any time.
          </p>
        </>
      ),
    },
    {
      id: 'gift-card-recipients',
      heading: 'Gift card recipients',
      body: (
        <p>
          When you send a gift card, you give us someone else’s name and mobile number. Please make sure they
          would expect to hear from you. We use the recipient’s details only to deliver the gift card and to
          answer questions about it; the picture message itself tells the recipient who sent it and that it
          came through this storefront.
        </p>
      ),
    },
    {
      id: 'payment-cards',
      heading: 'Payment cards',
      body: (
        <p>
          Card payments are handled by our payment provider. You enter your card number into the payment
          provider’s secure field, and it never reaches or is stored on our servers. If you choose to save a
          card, we store only the payment provider’s reference to it and its brand, last four digits and
          expiry date, so that you can recognise it in Saved Cards. You can remove a saved card there at any
          time.
        </p>
      ),
    },
    {
      id: 'messages',
      heading: 'Text and picture messages',
      body: (
        <>
          <p>
            We use an SMS and MMS provider to send sign-in codes, sign-in links, receipts and gift cards. It
            receives the mobile number and the content of each message, and uses them only to deliver the
            message.
          </p>
          <p>
            Messages are not sent during quiet hours, {QUIET_HOURS_SPAN}, in the recipient’s time zone: a
            message due in that time waits until {QUIET_HOURS_END}. The exception is a sign-in code, which is
            sent only at the moment you ask for it. Our messages follow the Spam Act 2003: they identify us,
            and marketing messages are sent only with consent and tell you how to unsubscribe.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      heading: 'Sign-in codes and security',
      body: (
        <>
          <p>
            One-time sign-in codes are stored only as hashes, never as the code itself. A code works once and
            expires after {count(OTP_TTL_S / 60, 'minute')}, and sign-in tokens are likewise stored only as
            hashes. We protect personal information with encrypted connections, access controls and limits on
            how often codes can be requested.
          </p>
          <p>
            If a data breach is likely to cause serious harm to you, we will tell you and the Office of the
            Australian Information Commissioner, as the Notifiable Data Breaches scheme requires.
          </p>
        </>
      ),
    },
    {
      id: 'disclosure',
      heading: 'Who we share it with',
      body: (
        <>
          <ul>
            <li>
              the supplier of the goods you order: your name, mobile number, delivery address and the order
              details, so that they can deliver and support it;
            </li>
            <li>our payment provider, messaging provider, hosting provider and bot-check provider;</li>
            <li>our professional advisers, under a duty of confidentiality; and</li>
            <li>government agencies and others when the law requires or authorises it.</li>
          </ul>
          <p>We do not sell personal information.</p>
        </>
      ),
    },
    {
      id: 'overseas',
      heading: 'Overseas disclosure',
      body: (
        <p>
          Some of our service providers, such as our payment and messaging providers, may store or process
          personal information outside Australia, including in the United States. We take reasonable steps to
          ensure they handle it in line with the Australian Privacy Principles.
        </p>
      ),
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      body: (
        <ul>
          <li>
            Your membership details are kept while you are a member and deleted or de-identified afterwards.
          </li>
          <li>Orders and reconciliation records are kept for as long as tax and accounting laws require.</li>
          <li>
            Gift card records are kept while the card is valid ({count(GIFT_CARD_VALID_YEARS, 'year')} from
            sending) and for as long afterwards as we need to answer questions about it.
          </li>
          <li>One-time codes are deleted or made useless as soon as they are used or expire.</li>
        </ul>
      ),
    },
    {
      id: 'access-correction',
      heading: 'Access and correction',
      body: (
        <p>
          You can see and update your name, email, addresses and saved cards in My Account. You may also ask
          us for the personal information we hold about you, or to correct it. We will answer within a
          reasonable period and will not charge you for making a request. If we refuse, we will tell you why
          and how to complain.
        </p>
      ),
    },
    {
      id: 'complaints',
      heading: 'Complaints',
      body: (
        <p>
          If you think we have mishandled your personal information, please contact us first so that we can
          look into it. If you are not satisfied with our response, you can complain to the Office of the
          Australian Information Commissioner (OAIC) at www.oaic.gov.au.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes and contact',
      body: (
        <>
          <p>
            We may update this policy; the current version is always on this page, and we will tell you of
            significant changes before they take effect. You can reach us through the contact details below,
            also shown at the foot of every page. Our <Link to="/terms">Terms &amp; Conditions</Link> explain
            how membership and orders work.
          </p>
          <ProviderContact />
        </>
      ),
    },
  ],
};
