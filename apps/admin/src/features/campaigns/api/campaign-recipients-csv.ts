// GET /admin/api/campaigns/:id/recipients.csv: one row per recipient, opened as a download link.
import { API_BASE } from '../../../lib/api-client';

export function campaignRecipientsCsvHref(id: number): string {
  return `${API_BASE}/campaigns/${id}/recipients.csv`;
}
