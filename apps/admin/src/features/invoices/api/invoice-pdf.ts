// GET /admin/api/invoices/:id/pdf: one tax invoice as a PDF, opened by the browser as a download link.
import { API_BASE } from '../../../lib/api-client';

export function invoicePdfHref(invoiceId: number | string): string {
  return `${API_BASE}/invoices/${invoiceId}/pdf`;
}
