// A campaign's state as a word with a colour (never colour alone), and what each state allows.
import type { CampaignState } from '@quokka/contract/api/campaigns';
import { Badge } from '../../components/badges';

type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'plain';

const STATES: Record<CampaignState, [string, Tone]> = {
  draft: ['Draft', 'plain'],
  scheduled: ['Scheduled', 'info'],
  review: ['Waiting for approval', 'warn'],
  sending: ['Sending', 'info'],
  paused: ['Paused', 'warn'],
  sent: ['Sent', 'ok'],
  cancelled: ['Cancelled', 'plain'],
  refused: ['Refused', 'bad'],
};

export const CAMPAIGN_STATE_LABELS = Object.fromEntries(
  Object.entries(STATES).map(([key, [label]]) => [key, label]),
) as Record<CampaignState, string>;

export function CampaignStateBadge({ state }: { state: CampaignState }) {
  const [label, tone] = STATES[state] ?? [state, 'plain'];
  return <Badge tone={tone}>{label}</Badge>;
}

/** A draft, or one an operator refused, can still be changed and sent. */
export const isEditable = (state: CampaignState) => state === 'draft' || state === 'refused';
