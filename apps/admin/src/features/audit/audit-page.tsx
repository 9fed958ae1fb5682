// The audit log (GET /admin/api/audit): every staff action, newest first, with what it changed.
import type { AuditEntry } from '@quokka/contract/api/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Pager } from '../../components/pager';
import { errorText } from '../../lib/error-text';
import { plural, shopTime } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { auditQueryOptions } from './api/get-audit';

export function AuditPage() {
  const { api } = useSession();
  const me = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Math.trunc(Number(params.get('page')) || 1));
  const query = useQuery({ ...auditQueryOptions(api, page), placeholderData: keepPreviousData });
  const data = query.data;
  return (
    <section>
      <div className="page-head">
        <h1>Audit log</h1>
      </div>
      <p className="muted small">Every action taken by staff and the CLI, newest first. Times in Sydney.</p>
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {!data && query.isPending && <p className="muted">Loading…</p>}
      {data && (
        <>
          <p className="muted">{plural(data.total, 'entry', 'entries')}</p>
          <table className="list-table audit">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Subject</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="Time">{shopTime(entry.created_at)}</td>
                  <td data-label="Who">{who(entry, me.staff)}</td>
                  <td data-label="Action">
                    <code>{entry.action}</code>
                  </td>
                  <td data-label="Subject">{entry.subject ?? '—'}</td>
                  <td data-label="Change">
                    <span className="cell">
                      <Change label="Before" value={entry.before} />
                      <Change label="After" value={entry.after} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            onPage={(next) => navigate({ pathname: '/audit', search: next > 1 ? `?page=${next}` : '' })}
          />
        </>
      )}
    </section>
  );
}

/** The member's name; the server may leave it out, and then one's own entries still read as a name. */
function who(entry: AuditEntry, self: { id: number; name: string }): string {
  if (entry.staff_name) return entry.staff_name;
  if (entry.actor === 'cli') return 'CLI';
  if (entry.staff_id === self.id) return self.name;
  return entry.staff_id ? `Staff #${entry.staff_id}` : entry.actor;
}

function Change({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="json">
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}
