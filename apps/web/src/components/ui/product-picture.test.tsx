import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { fixedLayout, PICTURE_LAYOUTS, pictureSet } from '../../lib/picture-sources';
import { ProductPicture } from './product-picture';

const TEE = '/media/products/tee-main-0123456789.svg';

describe('[I13-images] <ProductPicture>', () => {
  it('[I13-images] draws AVIF and WebP sources and a JPEG srcset on an img of a given size, lazily by default', () => {
    const { container } = render(
      <ProductPicture src={TEE} alt="Tee" width={400} height={480} layout={PICTURE_LAYOUTS.tile} />,
    );
    const set = pictureSet(TEE, PICTURE_LAYOUTS.tile);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(
      sources.map((source) => [
        source.getAttribute('type'),
        source.getAttribute('srcset'),
        source.getAttribute('sizes'),
      ]),
    ).toEqual([
      ['image/avif', set?.avif, set?.sizes],
      ['image/webp', set?.webp, set?.sizes],
    ]);
    const img = container.querySelector('picture > img');
    expect(img).toHaveAttribute('srcset', set?.jpeg);
    expect(img).toHaveAttribute('sizes', set?.sizes);
    expect(img).toHaveAttribute('src', TEE);
    expect(img).toHaveAttribute('alt', 'Tee');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '480');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('[I13-images] the LCP picture is fetched first and never lazily; an eager one is just not lazy', () => {
    const high = render(
      <ProductPicture
        src={TEE}
        alt=""
        width={780}
        height={936}
        layout={PICTURE_LAYOUTS.wide}
        priority="high"
      />,
    );
    const img = high.container.querySelector('img');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading');
    expect(img).not.toHaveAttribute('decoding');
    const eager = render(
      <ProductPicture
        src={TEE}
        alt=""
        width={400}
        height={480}
        layout={PICTURE_LAYOUTS.tile}
        priority="eager"
      />,
    );
    const second = eager.container.querySelector('img');
    expect(second).not.toHaveAttribute('loading');
    expect(second).not.toHaveAttribute('fetchpriority');
  });

  it('[I13-images] a picture that is not ours is a plain img, still with its size', () => {
    const { container } = render(
      <ProductPicture
        src="https://cdn.example.com/tee.jpg"
        alt="Tee"
        width={48}
        height={48}
        layout={fixedLayout(48)}
      />,
    );
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', 'https://cdn.example.com/tee.jpg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('width', '48');
    expect(img).toHaveAttribute('height', '48');
  });

  it('[I13-images] renders the same markup on the server as in the browser (hydrates without a mismatch)', async () => {
    const element = (
      <ProductPicture
        src={TEE}
        alt="Tee"
        width={780}
        height={936}
        layout={PICTURE_LAYOUTS.wide}
        priority="high"
      />
    );
    const html = renderToString(element);
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('type="image/avif"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    await act(async () => {
      hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    expect(container.querySelector('img')?.getAttribute('srcset')).toBe(
      pictureSet(TEE, PICTURE_LAYOUTS.wide)?.jpeg,
    );
    container.remove();
  });
});
