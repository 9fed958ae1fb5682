import { GIFT_CARD_VALID_YEARS, OTP_TTL_S, TERMS } from '@quokka/contract/constants';
import { formatPrice } from '@quokka/contract/money';
import { Link } from '../../../components/ui/link';
import { ProviderContact, ProviderName } from '../components/provider-identity';
import type { LegalDocument } from './legal-document';
import { count, notice, QUIET_HOURS_END, QUIET_HOURS_SPAN, QUIET_HOURS_START } from './legal-figures';

// The shopper's contract. Figures come from the contract's constants through legal-figures.ts.
export const memberTerms: LegalDocument = {
  id: 'member-terms',
  title: 'Member Terms',
  intro: (
    <p>
      These terms apply to you when you register as a member of this storefront and whenever you buy from it.
      The storefront is operated by <ProviderName /> (the Provider, also “we” and “us”). The goods are sold by
      independent suppliers, whose names and logos appear on their products. By ticking the terms box when you
      register, you agree to these terms and to our <Link to="/privacy">Privacy Policy</Link>.
    </p>
  ),
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who does what',
      body: (
        <>
          <p>
            The Provider runs the storefront: it shows the suppliers’ goods, takes your payment on the
            supplier’s behalf, checks and approves orders, passes them to the supplier and sends you messages
            about them.
          </p>
          <p>
            The supplier shown on a product sells that product to you. The supplier is responsible for the
            goods, their description, their delivery and any refund, repair or replacement. A single cart may
            hold goods from several suppliers; each item stays with its own supplier.
          </p>
        </>
      ),
    },
    {
      id: 'membership',
      heading: 'Becoming a member',
      body: (
        <>
          <p>To become and remain a member you need:</p>
          <ul>
            <li>a valid Australian mobile number that you control, and</li>
            <li>an Australian delivery address.</li>
          </ul>
          <p>
            You register once with your mobile number, full name, email address and address. The details you
            give must be your own, accurate and kept up to date in My Account. One membership belongs to one
            mobile number and one person, and it cannot be transferred.
          </p>
          <p>
            You can look at the storefront without registering. You need to be a member to add goods to a cart
            or to buy.
          </p>
        </>
      ),
    },
    {
      id: 'signing-in',
      heading: 'Signing in without a password',
      body: (
        <>
          <p>
            There is no username or password. To sign in, you enter your mobile number and we send a one-time
            code to it by text message. A code works once and expires after {count(OTP_TTL_S / 60, 'minute')}.
            We may also send you a sign-in link that opens the storefront already signed in; links expire too,
            and you can ask for a new code when one has.
          </p>
          <p>
            Because your phone is your key, keep it locked and do not share codes or links. We will never ask
            you for a code. Tell us straight away if you lose your phone or change your number, so that we can
            stop anyone else from using your membership.
          </p>
        </>
      ),
    },
    {
      id: 'orders',
      heading: 'How an order works',
      body: (
        <>
          <p>Every order follows the same steps:</p>
          <ol>
            <li>
              <strong>You place and pay for the order.</strong> Your card is charged the total shown at
              checkout: the price of the goods plus delivery. Prices are in Australian dollars.
            </li>
            <li>
              <strong>The Provider approves or refuses it.</strong> We check orders for errors, availability
              and misuse. If we refuse an order, we refund what you paid for it to the card you used.
            </li>
            <li>
              <strong>Approved orders go to the supplier,</strong> who prepares and delivers the goods to the
              Australian address you chose.
            </li>
            <li>
              <strong>Weekly reconciliation follows.</strong> Each week the Provider settles the week’s orders
              with the suppliers. This is between us and the suppliers and does not change what you pay.
            </li>
          </ol>
          <p>
            A contract for the goods is formed when an order is approved. You can see your orders, their items
            and their status in My Account.
          </p>
        </>
      ),
    },
    {
      id: 'refusal-suspension',
      heading: 'Refused orders and suspension',
      body: (
        <>
          <p>
            The Provider may refuse any order, for example if the goods are no longer available, a price was
            shown in error, the payment looks fraudulent, or the supplier can no longer sell through the
            storefront. A refused order is refunded in full.
          </p>
          <p>
            The Provider may suspend or close a membership, and may suspend a supplier, if these terms are
            broken, if there is misuse or suspected fraud, or if the law requires it. Orders already approved
            before a supplier is suspended are still fulfilled or refunded.
          </p>
        </>
      ),
    },
    {
      id: 'refunds',
      heading: 'Refunds, returns and your consumer rights',
      body: (
        <>
          <p>
            Goods come with guarantees under the Australian Consumer Law that cannot be excluded. You are
            entitled to a replacement or refund for a major failure and to compensation for any other
            reasonably foreseeable loss or damage. You are also entitled to have the goods repaired or
            replaced if they fail to be of acceptable quality and the failure does not amount to a major
            failure.
          </p>
          <p>
            Only the supplier approves a refund and asks the Provider to make it. Contact the supplier, or
            contact us and we will pass your request on. Once the supplier requests a refund, we return the
            money to the card you paid with. Nothing in this section limits your rights under the Australian
            Consumer Law.
          </p>
        </>
      ),
    },
    {
      id: 'chargebacks',
      heading: 'Disputed card payments',
      body: (
        <p>
          If you think a charge is wrong, please contact us first: most problems are solved quickly that way.
          Chargebacks (disputes you raise with your card issuer) are accepted within{' '}
          {count(TERMS.chargebackMonths, 'month')} of the order. Your card issuer’s own rules and time limits
          also apply.
        </p>
      ),
    },
    {
      id: 'gift-cards',
      heading: 'Gift cards',
      body: (
        <>
          <p>
            You can buy a gift card for someone else. You give the recipient’s name, Australian mobile number
            and a message, and choose to send it now or at a date, time and time zone you pick. The gift card
            is delivered to the recipient as a picture message (MMS), and you receive a receipt by text
            message.
          </p>
          <p>
            A gift card is valid for {count(GIFT_CARD_VALID_YEARS, 'year')} from the date it is sent. The
            expiry date is shown on the card. Treat the card number like cash: anyone who has it can use it.
          </p>
          <p>
            Only send a gift card to a person you know who would expect to hear from you, and check the number
            carefully: a card sent to the number you gave has been delivered.
          </p>
        </>
      ),
    },
    {
      id: 'messages',
      heading: 'Text and picture messages',
      body: (
        <>
          <p>
            We send text messages (SMS) with sign-in codes, sign-in links and receipts, and picture messages
            (MMS) with gift cards. Messages are not sent after {QUIET_HOURS_START} or before {QUIET_HOURS_END}{' '}
            (quiet hours, {QUIET_HOURS_SPAN}) in the time zone of the person receiving them: a gift card due
            during quiet hours is sent at {QUIET_HOURS_END}. A sign-in code is sent only at the moment you ask
            for it.
          </p>
          <p>
            We send marketing messages only if you have agreed to receive them, as the Spam Act 2003 requires.
            Each one identifies us and tells you how to stop receiving them, and we act on your request
            promptly.
          </p>
        </>
      ),
    },
    {
      id: 'fair-use',
      heading: 'Using the storefront fairly',
      body: (
        <ul>
          <li>
            Use only your own mobile number, card and details, and buy only for genuine personal use or gifts.
          </li>
          <li>Do not use automated tools, interfere with the storefront or try to get around its checks.</li>
          <li>Do not send gift card messages that are offensive, misleading or unlawful.</li>
        </ul>
      ),
    },
    {
      id: 'liability',
      heading: 'Our liability',
      body: (
        <>
          <p>
            Nothing in these terms excludes, restricts or modifies any right or remedy you have under the
            Australian Consumer Law or any other law that cannot lawfully be excluded. The suppliers remain
            responsible for their goods.
          </p>
          <p>
            Subject to that, and to the extent the law allows, the Provider’s total liability to you arising
            out of these terms or the storefront is limited to {formatPrice(TERMS.liabilityCapDollars)}.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      body: (
        <p>
          We may change these terms. We will give you at least {notice(TERMS.termsChangeNoticeDays, 'day')} of
          a change by message or email and on this page before it takes effect. If you do not agree with a
          change, you may close your membership before then; orders placed before a change stay under the
          terms that applied when you placed them.
        </p>
      ),
    },
    {
      id: 'general',
      heading: 'Law and contact',
      body: (
        <>
          <p>
            These terms are governed by the laws of Australia and of the state or territory where the Provider
            has its principal place of business. You can reach us through the contact details below, also
            shown at the foot of every page and given in our messages.
          </p>
          <ProviderContact />
        </>
      ),
    },
  ],
};
