// What other features may use of campaigns (docs/architecture.md "Web"): the composer's pieces that the
// automations screen [I31] shows as the campaign composer does (the segment counter's words, the phone's
// view of a text, the results funnel).

export { counterLine, countText, limitHint, publicUrl } from './campaign-text';
export { Funnel, type FunnelFigures } from './funnel';
export { PhonePreview } from './phone-preview';
