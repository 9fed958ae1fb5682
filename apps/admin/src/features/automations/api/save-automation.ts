// [I31] PUT /admin/api/automations/:flow: a flow's switch, words, timing (delay_hours; the thank-you's days
// × 24) and product. Turning a flow on starts its results afresh (enabled_at is now).
import { type AutomationBody, type AutomationFlow, automationSchema } from '@quokka/contract/api/automations';
import type { ApiClient } from '../../../lib/api-client';

export function saveAutomation(api: ApiClient, flow: AutomationFlow, body: AutomationBody) {
  return api(`/automations/${flow}`, { method: 'PUT', body, schema: automationSchema });
}
