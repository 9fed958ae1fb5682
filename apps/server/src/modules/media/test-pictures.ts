import sharp from 'sharp';

// Pictures for the media tests, made with sharp on the spot: every format an import may bring, of a
// known size and look, so a test can check what the store kept and what /media answers.

/** A photo-like picture: a gradient with a few shapes, `width` × `height`, opaque. */
export function photoSvg(width: number, height: number, hue = '#1f6f8b'): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="${hue}"/><stop offset="1" stop-color="#f2d0a4"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#c0392b"/></svg>`,
  );
}

export type TestFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/** A picture in `format`; `alpha` makes its corners transparent (PNG, WebP, AVIF, GIF). */
export async function makePicture(
  format: TestFormat,
  options: { width?: number; height?: number; alpha?: boolean; hue?: string } = {},
): Promise<Buffer> {
  const width = options.width ?? 600;
  const height = options.height ?? 720;
  let image = sharp(photoSvg(width, height, options.hue));
  if (options.alpha) {
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 2}" fill="#fff"/></svg>`,
    );
    image = image.ensureAlpha().composite([{ input: mask, blend: 'dest-in' }]);
  } else {
    image = image.flatten({ background: '#ffffff' });
  }
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85 }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 80 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 50, effort: 0 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}

/** A JPEG carrying EXIF with a camera, GPS coordinates and an orientation of 6 (turn 90° clockwise). */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp(photoSvg(400, 300))
    .flatten({ background: '#ffffff' })
    .jpeg()
    .withExif({
      IFD0: { Make: 'QuokkaCam', Model: 'Secret Model 9' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 51/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '151/1 12/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
