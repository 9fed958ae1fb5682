// The account's routes (SPEC.md §2), as the pages link to one another.
export const ADDRESS_INFORMATION_PATH = '/account/addressinformation';
export const ADD_ADDRESS_PATH = '/account/addaddress';

/** Where an 'Edit' button leads: the add-address form, filled with this address [ACCT-03]. */
export const editAddressPath = (addressId: number) => `${ADD_ADDRESS_PATH}?id=${addressId}`;

export const orderPath = (orderId: number) => `/account/order/${orderId}`;
