// Sent → delivered → clicked → ordered: each a bar as long as its share of those sent, its number in text.
// A campaign's results and (through public.ts) an automation's [I31] draw the same chart.
import './campaigns.css';

export interface FunnelFigures {
  sent: number;
  delivered: number;
  clicked: number;
  orders: number;
}

/** '1,234' */
const count = (value: number) => value.toLocaleString('en-AU');

export function Funnel({ results, label = 'Funnel' }: { results: FunnelFigures; label?: string }) {
  const steps = [
    { label: 'Sent', value: results.sent },
    { label: 'Delivered', value: results.delivered },
    { label: 'Clicked', value: results.clicked },
    { label: 'Ordered', value: results.orders },
  ];
  const base = Math.max(1, results.sent);
  return (
    <figure className="funnel">
      <figcaption>Funnel</figcaption>
      <ol aria-label={label}>
        {steps.map((item) => {
          const share = Math.round((item.value / base) * 100);
          return (
            <li key={item.label}>
              <span className="funnel-label">{item.label}</span>
              <span className="funnel-track" aria-hidden="true">
                <span className="funnel-bar" style={{ width: `${Math.min(100, share)}%` }} />
              </span>
              <span className="funnel-value">
                {count(item.value)}
                {item.label !== 'Sent' && results.sent > 0 ? ` (${share}%)` : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
