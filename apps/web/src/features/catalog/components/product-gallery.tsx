// [PDP-03] The main picture and three secondary ones; tapping a secondary shows it as the main picture
// (the two swap places, so every picture stays one tap away).
import { MSG } from '@quokka/contract/messages';
import { useState } from 'react';
import { ProductPicture } from '../../../components/ui/product-picture';
import { PICTURE_LAYOUTS } from '../../../lib/picture-sources';
import { imageSize, ratioStyle } from './tile-image';

const SECONDARY_IMAGES = 3;

export function ProductGallery({
  images,
  name,
  isGiftCard,
}: {
  images: readonly string[];
  name: string;
  isGiftCard: boolean;
}) {
  const [order, setOrder] = useState<readonly string[]>(images.slice(0, SECONDARY_IMAGES + 1));
  const [main, ...secondary] = order;

  function show(index: number) {
    setOrder((current) => {
      const next = [...current];
      const picked = next[index + 1];
      const shown = next[0];
      if (picked === undefined || shown === undefined) return current;
      next[0] = picked;
      next[index + 1] = shown;
      return next;
    });
  }

  return (
    <div className="gallery">
      <div className="gallery__main" style={ratioStyle(isGiftCard)}>
        {main ? (
          <ProductPicture
            src={main}
            alt={name}
            layout={PICTURE_LAYOUTS.wide}
            priority="high"
            {...imageSize(isGiftCard, 780)}
          />
        ) : null}
      </div>
      {secondary.length > 0 ? (
        <ul className="gallery__thumbs" aria-label={MSG.productImages}>
          {secondary.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                className="gallery__thumb"
                style={ratioStyle(isGiftCard)}
                aria-label={`${MSG.showImage} ${index + 2}`}
                onClick={() => show(index)}
              >
                <ProductPicture
                  src={image}
                  alt=""
                  layout={PICTURE_LAYOUTS.thumb}
                  {...imageSize(isGiftCard, 200)}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
