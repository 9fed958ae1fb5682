import {
  type AdminSellerApplication,
  SELLER_APPLICATION_TEXTS,
} from '@quokka/contract/api/seller-applications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

// [I32] Sellers › Applications (applications-page.tsx): every field of each waiting application, the
// filter for decided ones, Approve, and Refuse with its reason. The back office's API is faked at fetch.

function anApplication(overrides: Partial<AdminSellerApplication> = {}): AdminSellerApplication {
  return {
    id: 41,
    business_name: 'Saltline Surf Co',
    abn: '51 824 753 556',
    contact_name: 'Kim Nguyen',
    mobile: '+61412345678',
    email: 'kim@saltline.example',
    sells: 'Surf wax, leashes and boardshorts.',
    website: 'instagram.com/saltlinesurf',
    terms_version: 'vendor-terms-2026-11-29',
    terms_accepted_at: '2026-11-28T23:00:00.000Z',
    client_address: '203.0.113.9',
    status: 'waiting',
    created_at: '2026-11-28T23:00:00.000Z',
    decided_at: null,
    decided_by: null,
    refusal_reason: null,
    seller_id: null,
    ...overrides,
  };
}

const base = { 'GET /me': { body: aMe() }, 'GET /dashboard': { body: aDashboard() } };

describe('[I32] Sellers › Applications', () => {
  it('[I32-decide] lists the waiting applications with every field, under the Sellers tabs', async () => {
    const api = fakeApi({ ...base, 'GET /seller-applications': { body: { items: [anApplication()] } } });
    renderAdmin('/admin/sellers/applications');
    const card = await screen.findByRole('article', { name: 'Saltline Surf Co' });
    expect(screen.getByRole('heading', { level: 1, name: 'Applications' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Sellers' });
    expect(within(tabs).getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');
    expect(api.to('GET /seller-applications')[0]?.query.get('status')).toBe('waiting');
    for (const text of [
      '51 824 753 556',
      'Kim Nguyen',
      '0412 345 678',
      'kim@saltline.example',
      'Surf wax, leashes and boardshorts.',
      'instagram.com/saltlinesurf',
    ])
      expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByText(/vendor-terms-2026-11-29/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'instagram.com/saltlinesurf' })).toHaveAttribute(
      'href',
      'https://instagram.com/saltlinesurf',
    );
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Refuse' })).toBeInTheDocument();
  });

  it('[I32-decide] the filter shows the decided ones with their reason, without the buttons', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      ...base,
      'GET /seller-applications': (call) =>
        call.query.get('status') === 'refused'
          ? {
              body: {
                items: [
                  anApplication({
                    id: 40,
                    business_name: 'Kite Corner',
                    status: 'refused',
                    decided_at: '2026-11-29T01:00:00.000Z',
                    decided_by: 7,
                    refusal_reason: 'We only take Australian-made goods for now.',
                  }),
                ],
              },
            }
          : { body: { items: [] } },
    });
    renderAdmin('/admin/sellers/applications');
    expect(await screen.findByText('No applications are waiting.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'Refused');
    const card = await screen.findByRole('article', { name: 'Kite Corner' });
    expect(within(card).getByText('We only take Australian-made goods for now.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(api.to('GET /seller-applications').at(-1)?.query.get('status')).toBe('refused');
  });

  it('[I32-approve] Approve sends the approval with the CSRF token and says what was made', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      ...base,
      'GET /seller-applications': [{ body: { items: [anApplication()] } }, { body: { items: [] } }],
      'POST /seller-applications/41/approve': {
        body: {
          application: anApplication({ status: 'approved', seller_id: 9, decided_by: 7 }),
          seller: { id: 9, seller_url: 'saltline-surf-co' },
          staff_id: 30,
        },
      },
    });
    renderAdmin('/admin/sellers/applications');
    const card = await screen.findByRole('article', { name: 'Saltline Surf Co' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Approved Saltline Surf Co: the seller saltline-surf-co is made, and Kim Nguyen was texted the link to set up the shop.',
    );
    expect(api.to('POST /seller-applications/41/approve')[0]?.headers['x-csrf-token']).toBeTruthy();
    // The list is read again: the approved one has left the waiting list.
    expect(await screen.findByText('No applications are waiting.')).toBeInTheDocument();
  });

  it('[I32-refuse] Refuse asks for a reason, then sends it with "Refuse application"', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      ...base,
      'GET /seller-applications': [{ body: { items: [anApplication()] } }, { body: { items: [] } }],
      'POST /seller-applications/41/refuse': {
        body: anApplication({ status: 'refused', refusal_reason: 'Not a fit.' }),
      },
    });
    renderAdmin('/admin/sellers/applications');
    const card = await screen.findByRole('article', { name: 'Saltline Surf Co' });
    await user.click(within(card).getByRole('button', { name: 'Refuse' }));
    const reason = within(card).getByLabelText('Reason');
    await user.click(within(card).getByRole('button', { name: 'Refuse application' }));
    expect(reason).toHaveAccessibleDescription(
      `The applicant is texted it. ${SELLER_APPLICATION_TEXTS.reason}`,
    );
    expect(api.to('POST /seller-applications/41/refuse')).toEqual([]);
    await user.type(reason, ' Not a fit. ');
    await user.click(within(card).getByRole('button', { name: 'Refuse application' }));
    await waitFor(() => expect(api.to('POST /seller-applications/41/refuse')).toHaveLength(1));
    expect(api.to('POST /seller-applications/41/refuse')[0]?.body).toEqual({ reason: 'Not a fit.' });
    expect(await screen.findByText('No applications are waiting.')).toBeInTheDocument();
  });

  it('[I32-decide] an application decided by another operator shows the server’s words', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...base,
      'GET /seller-applications': { body: { items: [anApplication()] } },
      'POST /seller-applications/41/approve': {
        status: 400,
        body: { message: SELLER_APPLICATION_TEXTS.alreadyDecided('refused'), code: 'INVALID_DATA' },
      },
    });
    renderAdmin('/admin/sellers/applications');
    const card = await screen.findByRole('article', { name: 'Saltline Surf Co' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This application was refused already.');
  });
});
