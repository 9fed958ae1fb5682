import type { SellerProfile } from '@quokka/contract/api/staff-admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe, CSRF } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

// [I32] The seller's profile: words checked before sending and saved with "Save profile"; a logo or
// banner is sent as soon as it is chosen and shown as its preview.

const vendorMe = aMe({
  staff: {
    id: 9,
    name: 'Sam Seller',
    mobile: '+61412000111',
    role: 'vendor',
    seller_id: 3,
    seller_owner: true,
  },
});

const profile: SellerProfile = {
  seller_id: 3,
  seller_url: 'harbour-goods',
  name: 'Harbour Goods',
  description: 'Mugs.',
  shipping_info: '',
  logo_url: '/media/sellers/harbour-goods-logo.png',
  banner_url: '',
};

describe('[I32] profile page', () => {
  it('checks the fields, saves the words, and uploads a banner shown as a preview', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendorMe },
      'GET /dashboard': { body: aDashboard() },
      'GET /seller-profile': { body: profile },
      'PUT /seller-profile': {
        body: { ...profile, name: 'Harbour Goods Co', shipping_info: 'From Hobart.' },
      },
      'PUT /seller-profile/banner': { body: { ...profile, banner_url: '/media/products/abc.webp' } },
    });
    renderAdmin('/admin/profile');
    const name = await screen.findByLabelText('Name shown');
    expect(name).toHaveValue('Harbour Goods');
    expect(screen.getByLabelText('Description')).toHaveValue('Mugs.');
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Shipping info').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('img', { name: 'Logo now' })).toHaveAttribute('src', profile.logo_url);
    expect(screen.getByText('No banner yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Logo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Banner')).toHaveAttribute('accept', 'image/*');

    await user.clear(name);
    await user.type(name, 'H');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('Name shown must be 2 to 100 characters')).toBeInTheDocument(); // [I34] named
    expect(api.to('PUT /seller-profile')).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'Harbour Goods Co');
    await user.type(screen.getByLabelText('Shipping info'), 'From Hobart.');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved. The shop shows it now.')).toBeInTheDocument();
    const put = api.to('PUT /seller-profile')[0];
    expect(put?.body).toEqual({
      name: 'Harbour Goods Co',
      description: 'Mugs.',
      shipping_info: 'From Hobart.',
    });
    expect(put?.headers['x-csrf-token']).toBe(CSRF);

    const file = new File([new Uint8Array([1, 2, 3])], 'banner.webp', { type: 'image/webp' });
    await user.upload(screen.getByLabelText('Banner'), file);
    expect(await screen.findByRole('img', { name: 'Banner now' })).toHaveAttribute(
      'src',
      '/media/products/abc.webp',
    );
    const upload = api.to('PUT /seller-profile/banner')[0];
    expect(upload?.headers['content-type']).toBe('image/webp');
    await waitFor(() => expect(screen.getByText('Banner saved.')).toBeInTheDocument());
  });

  it('a refused picture shows the server’s words', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: vendorMe },
      'GET /dashboard': { body: aDashboard() },
      'GET /seller-profile': { body: profile },
      'PUT /seller-profile/logo': {
        status: 400,
        body: { message: 'The photo is not a picture this shop can show.', code: 'INVALID_DATA' },
      },
    });
    renderAdmin('/admin/profile');
    const file = new File([new Uint8Array([1])], 'logo.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Logo'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The photo is not a picture this shop can show.',
    );
  });
});
