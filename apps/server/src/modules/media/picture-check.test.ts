import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkPicture, PictureError, sniffPictureType } from './picture-check.ts';
import { jpegWithGps, makePicture } from './test-pictures.ts';

// Every picture taken in is checked: a real picture sharp decodes whole, its type read from its bytes,
// within the size and pixel limits, with its metadata (EXIF, GPS) left behind; anything else is a clear
// error (docs/media.md "What is checked").

const limits = { maxBytes: 5 * 1024 * 1024, maxPixels: 4_000_000 };

async function refused(bytes: Buffer, message: RegExp, given = limits) {
  const error = await checkPicture(bytes, given).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PictureError);
  expect((error as Error).message).toMatch(message);
}

describe('checking a picture', () => {
  it('takes in JPEG, PNG, WebP, AVIF and GIF, sniffed from their bytes, and keeps a clean JPEG or PNG', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif', 'gif'] as const) {
      const bytes = await makePicture(format, { width: 300, height: 360 });
      expect(sniffPictureType(bytes), format).toBe(format);
      const checked = await checkPicture(bytes, limits);
      expect(checked.sniffed).toBe(format);
      expect([checked.width, checked.height], format).toEqual([300, 360]);
      // Opaque pictures are kept as JPEG, the format every renderer and every MMS carrier reads.
      expect(checked.format, format).toBe('jpg');
      expect((await sharp(checked.bytes).metadata()).format).toBe('jpeg');
    }
  }, 30_000);

  it('keeps a picture with transparency as PNG, transparency and all', async () => {
    for (const format of ['png', 'webp'] as const) {
      const checked = await checkPicture(await makePicture(format, { alpha: true }), limits);
      expect(checked.format, format).toBe('png');
      const meta = await sharp(checked.bytes).metadata();
      expect(meta.hasAlpha).toBe(true);
      expect((await sharp(checked.bytes).stats()).isOpaque).toBe(false);
    }
  });

  it('strips EXIF with GPS and the camera, and turns the picture upright by its orientation first', async () => {
    const bytes = await jpegWithGps();
    const before = await sharp(bytes).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(bytes.includes(Buffer.from('QuokkaCam'))).toBe(true);
    const checked = await checkPicture(bytes, limits);
    const after = await sharp(checked.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(checked.bytes.includes(Buffer.from('QuokkaCam'))).toBe(false);
    expect(checked.bytes.includes(Buffer.from('Secret Model'))).toBe(false);
    // 400 × 300 with orientation 6 is a 300 × 400 picture.
    expect([after.width, after.height]).toEqual([300, 400]);
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await makePicture('jpeg');
    await refused(whole.subarray(0, Math.floor(whole.length * 0.6)), /cannot be read as a JPEG picture/);
  });

  it('refuses a text file, whatever its name says', async () => {
    await refused(
      Buffer.from('Product photo coming soon!\n'),
      /is not a picture: it must be a JPEG, PNG, WebP, AVIF or GIF/,
    );
    await refused(Buffer.alloc(0), /is empty/);
  });

  it('refuses an SVG, with a script or without', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    expect(sniffPictureType(svg)).toBe('svg');
    await refused(svg, /SVG is not taken in \(it can carry script\)/);
    await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), /SVG/);
  });

  it('refuses a file over the byte limit and a picture over the pixel limit, naming the setting', async () => {
    const big = await makePicture('png', { width: 800, height: 800 });
    await refused(big, /MEDIA_MAX_BYTES/, { maxBytes: 1000, maxPixels: limits.maxPixels });
    // 2,100 × 2,000 is 4.2 megapixels, over the 4 allowed; a small file, so only the pixels count.
    const wide = await sharp({ create: { width: 2100, height: 2000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect(wide.length).toBeLessThan(limits.maxBytes);
    await refused(wide, /2100×2000 pixels; pictures may have at most 4 megapixels \(MEDIA_MAX_PIXELS\)/);
  });

  it('refuses a file whose bytes start like one type but are another', async () => {
    const png = await makePicture('png');
    const lying = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png.subarray(3)]);
    await refused(lying, /cannot be read as a JPEG picture|reads as/);
  });
});
