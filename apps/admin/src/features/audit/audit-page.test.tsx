import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

describe('[I15-admin] audit log', () => {
  it('lists who did what to which subject, with before/after folded away', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /audit': {
        body: {
          items: [
            {
              id: 3,
              created_at: '2026-11-24T02:00:00.000Z',
              staff_id: 7,
              staff_name: 'Jo Operator',
              actor: 'staff:7',
              action: 'order.refunded',
              subject: 'order:12',
              before: { refunded_cents: 0 },
              after: { refunded_cents: 1_250 },
            },
            {
              id: 1,
              created_at: '2026-11-23T22:00:00.000Z',
              staff_id: 7,
              actor: 'cli',
              action: 'staff.added',
              subject: 'staff:7',
              before: null,
              after: { role: 'operator' },
            },
          ],
          total: 2,
          page: 1,
          page_size: 50,
        },
      },
    });
    renderAdmin('/admin/audit');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^24 Nov 2026, 1:00 pmJo Operatororder\.refundedorder:12Before/);
    expect(rows[2]).toHaveTextContent(/^24 Nov 2026, 9:00 amCLIstaff\.addedstaff:7After/);
    const afterJson = within(rows[1] as HTMLElement).getByText(/"refunded_cents": 1250/);
    expect(afterJson).not.toBeVisible();
    await user.click(within(rows[1] as HTMLElement).getByText('After'));
    expect(afterJson).toBeVisible();
  });
});
