// The strip over every screen (GET /admin/api/dashboard): today's orders and revenue (Australia/Sydney),
// what waits for a person, and failed messages. It refreshes every minute and on focus.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { money } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { dashboardQueryOptions } from './api/get-dashboard';
import './dashboard.css';

export function DashboardStrip() {
  const { api } = useSession();
  const operator = useMe().staff.role === 'operator';
  const query = useQuery({ ...dashboardQueryOptions(api), refetchInterval: 60_000 });
  if (query.isError) {
    return (
      <p className="strip strip-empty muted" role="status">
        The day's figures are not available right now.
      </p>
    );
  }
  const data = query.data;
  return (
    <section className="strip" aria-label="Today" aria-busy={!data}>
      <Figure label="Orders today" value={data ? String(data.orders_today) : '…'} />
      <Figure label="Revenue today" value={data ? money(data.revenue_today_cents) : '…'} />
      <Figure
        label="Awaiting approval"
        value={data ? String(data.awaiting_approval) : '…'}
        extra={data && data.flagged > 0 ? `${data.flagged} flagged` : undefined}
        to={data?.flagged ? '/orders?status=pending_review&flagged=1' : '/orders?status=pending_review'}
        alert={!!data && data.flagged > 0}
      />
      <Figure label="To ship" value={data ? String(data.to_ship) : '…'} to="/orders?status=approved" />
      <Figure
        label="Failed messages"
        value={data ? String(data.failed_messages) : '…'}
        alert={!!data && data.failed_messages > 0}
        to={operator ? '/gift-cards?state=failed' : undefined}
      />
    </section>
  );
}

function Figure({
  label,
  value,
  extra,
  to,
  alert,
}: {
  label: string;
  value: string;
  extra?: string;
  to?: string;
  alert?: boolean;
}) {
  const body = (
    <>
      <span className="figure-value">{value}</span>
      <span className="figure-label">{label}</span>
      {extra && <span className="badge badge-warn">{extra}</span>}
    </>
  );
  const className = `figure${alert ? ' figure-alert' : ''}`;
  return to ? (
    <Link className={className} to={to}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
