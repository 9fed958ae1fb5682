// [I29] Campaigns (GET /admin/api/campaigns): each campaign's state and headline results (recipients,
// sent, clicked, orders, revenue), newest first, 20 a page. Operators see every seller's, with the
// seller's name, a state filter and a "Waiting for approval" shortcut; the filter lives in the address.
import { type CampaignState, campaignStateSchema } from '@quokka/contract/api/campaigns';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Pager } from '../../components/pager';
import { errorText } from '../../lib/error-text';
import { money, plural, shopTime } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { CAMPAIGNS_PAGE_SIZE, campaignsQueryOptions } from './api/get-campaigns';
import { CAMPAIGN_STATE_LABELS, CampaignStateBadge } from './campaign-state';
import './campaigns.css';

function stateFrom(params: URLSearchParams): CampaignState | '' {
  const parsed = campaignStateSchema.safeParse(params.get('state'));
  return parsed.success ? parsed.data : '';
}

export function CampaignsPage() {
  const { api } = useSession();
  const operator = useMe().staff.role === 'operator';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = operator ? stateFrom(params) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({
    ...campaignsQueryOptions(api, { state, page }),
    placeholderData: keepPreviousData,
  });
  const go = (nextState: CampaignState | '', nextPage = 1) => {
    const search = new URLSearchParams();
    if (nextState) search.set('state', nextState);
    if (nextPage > 1) search.set('page', String(nextPage));
    const text = search.toString();
    navigate({ pathname: '/campaigns', search: text ? `?${text}` : '' });
  };
  const data = query.data;
  return (
    <section className="campaigns-page">
      <div className="page-head">
        <h1>Campaigns</h1>
        <span className="head-actions">
          <Link className="button secondary" to="/subscribers">
            Subscribers
          </Link>
          <Link className="button primary" to="/campaigns/new">
            New campaign
          </Link>
        </span>
      </div>
      {operator && (
        <div className="filters">
          <div className="field">
            <label htmlFor="campaign-state">State</label>
            <select
              id="campaign-state"
              value={state}
              onChange={(event) => go(event.target.value as CampaignState | '')}
            >
              <option value="">Any state</option>
              {Object.entries(CAMPAIGN_STATE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="filter-buttons">
            <button
              type="button"
              className={`button ${state === 'review' ? 'primary' : 'secondary'}`}
              aria-pressed={state === 'review'}
              onClick={() => go(state === 'review' ? '' : 'review')}
            >
              Waiting for approval
            </button>
          </div>
        </div>
      )}
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {!data && query.isPending && <p className="muted">Loading campaigns…</p>}
      {data && (
        <>
          <p className="muted" aria-live="polite">
            {plural(data.total, 'campaign')}
          </p>
          {data.items.length === 0 ? (
            <p className="panel">
              {state
                ? 'No campaign is in this state.'
                : 'No campaigns yet. Text your subscribers a product with "New campaign".'}
            </p>
          ) : (
            <table className="list-table" aria-label="Campaigns">
              <thead>
                <tr>
                  <th scope="col">Campaign</th>
                  <th scope="col">State</th>
                  <th scope="col" className="num">
                    Recipients
                  </th>
                  <th scope="col" className="num">
                    Sent
                  </th>
                  <th scope="col" className="num">
                    Clicked
                  </th>
                  <th scope="col" className="num">
                    Orders
                  </th>
                  <th scope="col" className="num">
                    Revenue
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((campaign) => (
                  <tr key={campaign.id}>
                    <td data-label="Campaign">
                      <span className="cell">
                        <Link to={`/campaigns/${campaign.id}`} className="strong-link">
                          {campaign.name}
                        </Link>
                        <span className="sub">
                          {operator ? `${campaign.seller_name} · ` : ''}
                          {shopTime(campaign.started_at ?? campaign.created_at)}
                        </span>
                      </span>
                    </td>
                    <td data-label="State">
                      <CampaignStateBadge state={campaign.state} />
                    </td>
                    <td data-label="Recipients" className="num">
                      {campaign.results.recipients.toLocaleString('en-AU')}
                    </td>
                    <td data-label="Sent" className="num">
                      {campaign.results.sent.toLocaleString('en-AU')}
                    </td>
                    <td data-label="Clicked" className="num">
                      {campaign.results.clicked.toLocaleString('en-AU')}
                    </td>
                    <td data-label="Orders" className="num">
                      {campaign.results.orders.toLocaleString('en-AU')}
                    </td>
                    <td data-label="Revenue" className="num">
                      {money(campaign.results.revenue_cents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager
            page={page}
            pageSize={CAMPAIGNS_PAGE_SIZE}
            total={data.total}
            onPage={(next) => go(state, next)}
          />
        </>
      )}
    </section>
  );
}
