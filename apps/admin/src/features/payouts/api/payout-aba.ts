// GET /admin/api/payouts/:id/aba: the run's ABA file to upload to the bank, opened as a download link.
import { API_BASE } from '../../../lib/api-client';

export function payoutAbaHref(runId: number): string {
  return `${API_BASE}/payouts/${runId}/aba`;
}
