// Every picture of a product, seller or gift card: a <picture> with AVIF and WebP sources and a JPEG
// srcset on the <img>, sized for where it is drawn (lib/picture-sources.ts), with width and height always
// given so the browser reserves the box before a byte has arrived (no layout shift). A picture that is
// not ours is drawn as it is, still with its size. Renders the same on the server and in the browser.
import type { CSSProperties } from 'react';
import { type PictureLayout, pictureSet } from '../../lib/picture-sources';
import './product-picture.css';

/**
 * How soon the picture is wanted: `high` for the page's largest picture (its LCP: fetched first, never
 * lazily), `eager` for others in the first screen, `lazy` (the default) for everything below it.
 */
export type PicturePriority = 'high' | 'eager' | 'lazy';

export interface ProductPictureProps {
  src: string;
  alt: string;
  /** The intrinsic size the box is reserved with (the picture's proportions). */
  width: number;
  height: number;
  layout: PictureLayout;
  priority?: PicturePriority;
  className?: string;
  style?: CSSProperties;
}

export function ProductPicture({
  src,
  alt,
  width,
  height,
  layout,
  priority = 'lazy',
  className,
  style,
}: ProductPictureProps) {
  const set = pictureSet(src, layout);
  const img = (
    <img
      className={className}
      style={style}
      alt={alt}
      width={width}
      height={height}
      // sizes and srcset before src, so no browser starts fetching src first.
      sizes={set ? set.sizes : undefined}
      srcSet={set ? set.jpeg : undefined}
      src={src}
      loading={priority === 'lazy' ? 'lazy' : undefined}
      decoding={priority === 'lazy' ? 'async' : undefined}
      fetchPriority={priority === 'high' ? 'high' : undefined}
    />
  );
  if (!set) return img;
  return (
    <picture className="picture">
      <source type="image/avif" sizes={set.sizes} srcSet={set.avif} />
      <source type="image/webp" sizes={set.sizes} srcSet={set.webp} />
      {img}
    </picture>
  );
}
