// [CONST-08, CONST-09] Product pictures keep the shop's proportions: height 1.2 × width, gift cards 0.62.
import { GIFT_CARD_TILE_RATIO, PRODUCT_TILE_RATIO } from '@quokka/contract/constants';
import type { CSSProperties } from 'react';

/** The intrinsic width the img tags declare, so the browser reserves the box before the picture loads. */
export const TILE_IMAGE_WIDTH = 400;

export function imageRatio(isGiftCard: boolean): number {
  return isGiftCard ? GIFT_CARD_TILE_RATIO : PRODUCT_TILE_RATIO;
}

/** width/height attributes for an img of this kind (no layout shift while it loads). */
export function imageSize(isGiftCard: boolean, width: number = TILE_IMAGE_WIDTH) {
  return { width, height: Math.round(width * imageRatio(isGiftCard)) };
}

/** The CSS variable the picture frames size themselves with (`aspect-ratio: 1 / var(--image-ratio)`). */
export function ratioStyle(isGiftCard: boolean): CSSProperties {
  return { '--image-ratio': String(imageRatio(isGiftCard)) } as CSSProperties;
}
