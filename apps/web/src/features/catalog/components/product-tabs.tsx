// [PDP-15..17] Collapsible tabs: shipping info (two rows), the sizing chart (only when there is one) and
// the FAQ. Native <details> so they open with a tap, a key or a screen reader without any script.
import type { ProductTabs as Tabs } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import { ChevronIcon } from '../../../components/ui/icons';
import { ProductPicture } from '../../../components/ui/product-picture';
import { PICTURE_LAYOUTS } from '../../../lib/picture-sources';

// The demo's charts are 600 px wide and 312–400 px tall (2–4 rows); the box is reserved at the common
// 3-row shape and settles to the picture's own once it loads, which only happens after a tap opens the tab.
const CHART_SIZE = { width: 600, height: 356 };

function Summary({ children }: { children: string }) {
  return (
    <summary className="tabs__summary">
      <span>{children}</span>
      <ChevronIcon className="tabs__chevron" />
    </summary>
  );
}

export function ProductTabs({ tabs, name }: { tabs: Tabs; name: string }) {
  return (
    <div className="tabs">
      {tabs.shipping.length > 0 ? (
        <details className="tabs__item">
          <Summary>{MSG.shippingInfoTab}</Summary>
          <dl className="tabs__rows">
            {tabs.shipping.map((row) => (
              <div key={row.label} className="tabs__row">
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {tabs.sizing_chart ? (
        <details className="tabs__item">
          <Summary>{MSG.sizingChartTab}</Summary>
          <ProductPicture
            className="tabs__chart"
            src={tabs.sizing_chart}
            alt={`${MSG.sizingChartTab}: ${name}`}
            layout={PICTURE_LAYOUTS.chart}
            {...CHART_SIZE}
          />
        </details>
      ) : null}
      {tabs.faq.length > 0 ? (
        <details className="tabs__item">
          <Summary>{MSG.faqTab}</Summary>
          <dl className="tabs__faq">
            {tabs.faq.map((entry) => (
              <div key={entry.question} className="tabs__qa">
                <dt>{entry.question}</dt>
                <dd>{entry.answer}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
