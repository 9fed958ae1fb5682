import type { AdminMember } from '@quokka/contract/api/members';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

// [I32] The Members screen: Find member, each member's status, Suspend (with a reason), Lift suspension.

const aMember = (overrides: Partial<AdminMember> = {}): AdminMember => ({
  id: 21,
  firstname: 'Kim',
  lastname: 'Lee',
  mobile: '+61412345678',
  email: 'kim@example.com',
  suspended_at: null,
  suspended_reason: null,
  created_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const SUSPENDED = { suspended_at: '2026-11-24T09:13:00.000Z', suspended_reason: 'Chargebacks' };

describe('[I32] Members', () => {
  it('finds a member by mobile; Suspend with a reason; Lift suspension', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /members': [
        { body: { items: [aMember()] } },
        { body: { items: [aMember(SUSPENDED)] } },
        { body: { items: [aMember()] } },
      ],
      'POST /members/21/suspend': { body: { member: aMember(SUSPENDED) } },
      'POST /members/21/lift': { body: { member: aMember() } },
    });
    renderAdmin('/admin/members');
    expect(await screen.findByRole('heading', { name: 'Members', level: 1 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile or email'), '0412 345 678');
    await user.click(screen.getByRole('button', { name: 'Find member' }));
    await waitFor(() => expect(api.to('GET /members')[0]?.query.get('q')).toBe('0412 345 678'));
    const kim = await screen.findByRole('listitem', { name: 'Kim Lee' });
    expect(kim).toHaveTextContent('0412 345 678 · kim@example.com');
    expect(kim).toHaveTextContent('Active');
    // [I34] The member's name opens their customer page.
    expect(within(kim).getByRole('link', { name: 'Kim Lee' })).toHaveAttribute('href', '/admin/customers/21');

    await user.click(within(kim).getByRole('button', { name: 'Suspend' }));
    await user.type(within(kim).getByLabelText('Reason'), 'Chargebacks');
    await user.click(within(kim).getByRole('button', { name: 'Suspend member' }));
    await waitFor(() => expect(api.to('POST /members/21/suspend')).toHaveLength(1));
    expect(api.to('POST /members/21/suspend')[0]?.body).toEqual({ reason: 'Chargebacks' });
    expect(await screen.findByRole('status')).toHaveTextContent('Kim Lee is suspended');
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Kim Lee' })).toHaveTextContent(
        'Suspended since 24 Nov 2026, 8:13 pm: Chargebacks',
      ),
    );

    await user.click(
      within(screen.getByRole('listitem', { name: 'Kim Lee' })).getByRole('button', {
        name: 'Lift suspension',
      }),
    );
    await waitFor(() => expect(api.to('POST /members/21/lift')).toHaveLength(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Kim Lee may sign in again.');
  });

  it('shows the server’s message for a search it refuses, and says when nobody matches', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /members': [
        {
          status: 400,
          body: { message: 'Type at least 3 characters of a mobile or an email.', code: 'INVALID_DATA' },
        },
        { body: { items: [] } },
      ],
    });
    renderAdmin('/admin/members');
    await user.type(await screen.findByLabelText('Mobile or email'), '04');
    await user.click(screen.getByRole('button', { name: 'Find member' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Type at least 3 characters');
    await user.type(screen.getByLabelText('Mobile or email'), '99999');
    await user.click(screen.getByRole('button', { name: 'Find member' }));
    expect(await screen.findByText('No member has that mobile or email.')).toBeInTheDocument();
  });
});
