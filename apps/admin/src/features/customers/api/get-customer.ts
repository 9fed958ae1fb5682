// [I34] GET /admin/api/customers/:id: a member with their orders, gift cards, texts and consent (operators).
import { type AdminCustomerReply, adminCustomerReplySchema } from '@quokka/contract/api/customer-admin';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const customerQueryKey = (customerId: number) => ['customer', customerId] as const;

export function getCustomer(api: ApiClient, customerId: number): Promise<AdminCustomerReply> {
  return api(`/customers/${customerId}`, { schema: adminCustomerReplySchema });
}

export function customerQueryOptions(api: ApiClient, customerId: number) {
  return queryOptions({
    queryKey: customerQueryKey(customerId),
    queryFn: () => getCustomer(api, customerId),
  });
}
