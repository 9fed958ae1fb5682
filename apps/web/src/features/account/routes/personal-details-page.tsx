// /account/personaldetails [ROUTE-23, ACCT-13]: the name and email of the cart's customer, and the
// mobile the member signs in with.
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational, isAuMobile } from '@quokka/contract/mobile';
import { joinFullName } from '@quokka/contract/names';
import { Page } from '../../../components/ui/page';
import { useCartCustomer } from '../api/cart-customer';
import { QueryStatus } from '../components/query-status';
import '../components/account.css';

export function PersonalDetailsPage() {
  const customer = useCartCustomer();
  const member = customer.data;
  const mobile = member?.mobile ?? '';
  return (
    <Page title={MSG.personalDetails}>
      {member ? (
        <dl className="acct-card acct-details">
          <div>
            <dt>{MSG.nameLabel}</dt>
            <dd>{member.fullname || joinFullName(member.firstname, member.lastname)}</dd>
          </div>
          <div>
            <dt>{MSG.emailLabel}</dt>
            <dd>{member.email}</dd>
          </div>
          {mobile ? (
            <div>
              <dt>{MSG.mobileLabel}</dt>
              <dd>{isAuMobile(mobile) ? formatMobileNational(mobile) : mobile}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <QueryStatus failed={customer.isError} onRetry={() => void customer.refetch()} />
      )}
    </Page>
  );
}
