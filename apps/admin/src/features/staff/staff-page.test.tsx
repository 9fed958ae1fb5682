import type { StaffListItem } from '@quokka/contract/api/staff-admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe, CSRF } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

// [I32] Staff: operators add any member (role, seller); a seller's owner adds their own seller's staff;
// each row can text a new invite or be removed after a confirm step.

function aMember(overrides: Partial<StaffListItem> = {}): StaffListItem {
  return {
    id: 31,
    name: 'Kim Staff',
    mobile: '+61412000333',
    role: 'vendor',
    seller_id: 3,
    seller_name: 'Harbour Goods',
    seller_owner: false,
    invite_state: 'invited',
    invite_expires_at: '2026-11-27T01:00:00.000Z',
    created_at: '2026-11-24T01:00:00.000Z',
    ...overrides,
  };
}

const operatorSelf = aMember({
  id: 7,
  name: 'Jo Operator',
  mobile: '+61412345678',
  role: 'operator',
  seller_id: null,
  seller_name: null,
  invite_state: 'active',
  invite_expires_at: null,
});
const sellers = {
  items: [
    {
      id: 3,
      name: 'Harbour Goods',
      seller_url: 'harbour-goods',
      suspended_at: null,
      suspended_reason: null,
      created_at: '2026-11-01T00:00:00.000Z',
    },
    {
      id: 4,
      name: 'Outback Outfitters',
      seller_url: 'outback-outfitters',
      suspended_at: null,
      suspended_reason: null,
      created_at: '2026-11-01T00:00:00.000Z',
    },
  ],
};

describe('[I32] Staff page', () => {
  it('an operator sees everyone with their state, and adds seller staff for a chosen seller', async () => {
    const user = userEvent.setup();
    const expired = aMember({
      id: 32,
      name: 'Eve Expired',
      invite_state: 'invite_expired',
      invite_expires_at: null,
    });
    const added = aMember({
      id: 40,
      name: 'Nat New',
      mobile: '+61412000444',
      seller_id: 4,
      seller_name: 'Outback Outfitters',
    });
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /staff': [
        { body: { items: [operatorSelf, expired] } },
        { body: { items: [operatorSelf, expired, added] } },
      ],
      'GET /sellers': { body: sellers },
      'POST /staff': { body: added },
    });
    renderAdmin('/admin/staff');
    const list = await screen.findByRole('list', { name: 'Staff members' });
    const eve = within(list).getByText('Eve Expired').closest('li') as HTMLElement;
    expect(eve).toHaveTextContent('Invite expired');
    expect(eve).toHaveTextContent('Seller staff');
    expect(eve).toHaveTextContent('Harbour Goods');
    expect(within(list).getByText('Jo Operator').closest('li')).toHaveTextContent('Active');

    await user.type(screen.getByLabelText('Name'), 'Nat New');
    await user.type(screen.getByLabelText('Mobile'), '0412 000 444');
    await user.selectOptions(screen.getByLabelText('Role'), 'vendor');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Outback Outfitters' })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Seller'), 'Outback Outfitters');
    await user.click(screen.getByRole('button', { name: 'Add and text invite' }));
    expect(await screen.findByText('Nat New was added and texted an invite.')).toBeInTheDocument();
    const post = api.to('POST /staff')[0];
    expect(post?.body).toEqual({ name: 'Nat New', mobile: '0412 000 444', role: 'vendor', seller_id: 4 });
    expect(post?.headers['x-csrf-token']).toBe(CSRF);
    expect(await within(list).findByText('Nat New')).toBeInTheDocument();

    // An operator: no seller.
    await user.selectOptions(screen.getByLabelText('Role'), 'operator');
    expect(screen.queryByLabelText('Seller')).not.toBeInTheDocument();
  });

  it('a seller’s owner adds by name and mobile only; remove asks first; a new invite is texted; errors shown', async () => {
    const user = userEvent.setup();
    const owner = aMember({ id: 9, name: 'Hana Harbour', seller_owner: true, invite_state: 'active' });
    const kim = aMember();
    let removed = false;
    const ownerMe = aMe({
      staff: {
        id: 9,
        name: 'Hana Harbour',
        mobile: '+61412000111',
        role: 'vendor',
        seller_id: 3,
        seller_owner: true,
      },
    });
    const api = fakeApi({
      'GET /me': { body: ownerMe },
      'GET /dashboard': { body: aDashboard() },
      'GET /staff': () => ({ body: { items: removed ? [owner] : [owner, kim] } }),
      'POST /staff': {
        status: 400,
        body: { message: '+61412000333 already has a staff account.', code: 'INVALID_DATA' },
      },
      'POST /staff/31/invite': { body: kim },
      'DELETE /staff/31': () => {
        removed = true;
        return { body: { status: true } };
      },
    });
    renderAdmin('/admin/staff');
    const list = await screen.findByRole('list', { name: 'Staff members' });
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Seller')).not.toBeInTheDocument();
    expect(api.to('GET /sellers')).toHaveLength(0);
    const self = within(list).getByText('Hana Harbour').closest('li') as HTMLElement;
    expect(self).toHaveTextContent('Owner');
    expect(within(self).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Kim Staff');
    await user.type(screen.getByLabelText('Mobile'), '0412 000 333');
    await user.click(screen.getByRole('button', { name: 'Add and text invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('+61412000333 already has a staff account.');
    expect(api.to('POST /staff')[0]?.body).toEqual({ name: 'Kim Staff', mobile: '0412 000 333' });

    const row = within(list).getByText('Kim Staff').closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Text a new invite' }));
    expect(await screen.findByText('A new invite was texted to Kim Staff.')).toBeInTheDocument();
    expect(api.to('POST /staff/31/invite')).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(within(row).getByText('Remove Kim Staff?')).toBeInTheDocument();
    expect(api.to('DELETE /staff/31')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Kim Staff was removed. Their sessions have ended.')).toBeInTheDocument();
    expect(api.to('DELETE /staff/31')[0]?.headers['x-csrf-token']).toBe(CSRF);
    await waitFor(() => expect(within(list).queryByText('Kim Staff')).not.toBeInTheDocument());
  });
});
