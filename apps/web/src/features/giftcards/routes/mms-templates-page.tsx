// /giftcard/mmstemplates/{giftcarddetailsid} [ROUTE-31]: the pictures the card's product offers
// (getgiftcardmmstemplates [API-16]), each with 'Select' [GIFT-15]; the choice is saved
// (savegiftcardmmstemplate [API-43]) and checkout comes next [GIFT-16].
import { MSG } from '@quokka/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ProductPicture } from '../../../components/ui/product-picture';
import { withLoader } from '../../../lib/app-state';
import { parseGiftCardId } from '../../../lib/gift-card-paths';
import { PICTURE_LAYOUTS } from '../../../lib/picture-sources';
import { giftCardDetailsQueryOptions, useGiftCardDetails } from '../api/gift-card-details';
import { useMmsTemplates } from '../api/mms-templates';
import { saveMmsTemplate } from '../api/save-mms-template';
import { GiftCardScreen } from '../components/gift-card-screen';
import { refusalFieldErrors } from '../gift-card-refusal';

export function MmsTemplatesPage() {
  const id = parseGiftCardId(useParams().giftcarddetailsid);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useGiftCardDetails(id);
  const card = query.data;
  const templates = useMmsTemplates(card ? card.product_id : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(templateId: number) {
    if (id === null) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await withLoader(MSG.savingGiftCard, () => saveMmsTemplate(id, templateId));
      queryClient.setQueryData(giftCardDetailsQueryOptions(id).queryKey, saved);
      navigate('/checkout'); // [GIFT-16]
    } catch (caught) {
      setBusy(false);
      const fields = refusalFieldErrors(caught);
      if (fields) setError(Object.values(fields)[0] ?? null);
    }
  }

  const list = templates.data ?? [];
  return (
    <GiftCardScreen
      title={MSG.chooseTemplateHeading}
      state={
        id === null || query.isError || templates.isError
          ? 'missing'
          : card && templates.data
            ? 'ready'
            : 'loading'
      }
    >
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {list.length === 0 ? <p className="page__lead">{MSG.noTemplates}</p> : null}
      <ul className="templates">
        {list.map((template, index) => {
          const chosen = card?.mms_template_id === template.mms_template_id;
          const nameId = `template-${template.mms_template_id}`;
          return (
            <li key={template.id} className={chosen ? 'template template--chosen' : 'template'}>
              <ProductPicture
                className="template__image"
                src={template.mms_template_url}
                alt={template.name}
                layout={PICTURE_LAYOUTS.template}
                priority={index < 4 ? 'eager' : 'lazy'}
                width={320}
                height={240}
              />
              <p className="template__name" id={nameId}>
                {template.name}
                {chosen ? <span className="template__chosen"> · {MSG.selected}</span> : null}
              </p>
              {/* [GIFT-15] */}
              <Button
                block
                variant={chosen ? 'primary' : 'secondary'}
                aria-describedby={nameId}
                disabled={busy}
                onClick={() => void choose(template.mms_template_id)}
              >
                {MSG.select}
              </Button>
            </li>
          );
        })}
      </ul>
    </GiftCardScreen>
  );
}
