import sharp, { type Metadata } from 'sharp';

// Every picture taken into the media store from outside is checked here (docs/media.md "What is
// checked"): its type is read from its first bytes, never from a file name or a Content-Type; it must be
// a JPEG, PNG, WebP, AVIF or GIF (its first frame) that sharp decodes whole; its file size and pixel count
// are capped; SVG is refused (a drawing can carry script and fetch other URLs). What is kept is a clean
// copy: turned upright by its EXIF orientation, in sRGB, with every metadata block (EXIF with GPS, XMP,
// IPTC, ICC) left out, as PNG when it has transparency and JPEG otherwise, the two formats every
// renderer and every MMS carrier reads.

export type SniffedType = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'svg' | 'heic';

export interface PictureLimits {
  maxBytes: number;
  maxPixels: number;
}

export interface CheckedPicture {
  /** The clean copy that is stored. */
  bytes: Buffer;
  format: 'png' | 'jpg';
  width: number;
  height: number;
  /** The type the bytes were sniffed as. */
  sniffed: SniffedType;
}

/** A picture that cannot be taken in; the message says why, for the operator. */
export class PictureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PictureError';
  }
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The picture type of the bytes, by their signature; undefined when they are no picture we know. */
export function sniffPictureType(bytes: Buffer): SniffedType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    // ISO base media: the major brand, then the compatible brands up to the box's end.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
    if (brands.some((brand) => /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand))) return 'heic';
    return undefined;
  }
  const start = ascii(bytes, 0, 512)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^<(\?xml|svg|!DOCTYPE svg|!--)/i.test(start) && /<svg[\s>]/i.test(ascii(bytes, 0, 4096))) return 'svg';
  return undefined;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;

/** Checks the bytes of a picture and answers the clean copy to store; throws a PictureError otherwise. */
export async function checkPicture(bytes: Buffer, limits: PictureLimits): Promise<CheckedPicture> {
  if (bytes.length === 0) throw new PictureError('is empty');
  if (bytes.length > limits.maxBytes) {
    throw new PictureError(
      `is ${megabytes(bytes.length)}; pictures may be at most ${megabytes(limits.maxBytes)} (MEDIA_MAX_BYTES)`,
    );
  }
  const sniffed = sniffPictureType(bytes);
  if (sniffed === 'svg') {
    throw new PictureError(
      'is an SVG drawing: SVG is not taken in (it can carry script); export it as PNG or JPEG',
    );
  }
  if (sniffed === 'heic') throw new PictureError('is a HEIC photo: export it as JPEG');
  if (!sniffed) throw new PictureError('is not a picture: it must be a JPEG, PNG, WebP, AVIF or GIF file');

  // failOn 'warning': a truncated or corrupt file is an error, not a picture with a grey lower half.
  // limitInputPixels stops sharp before it decodes a "pixel bomb".
  const options = { failOn: 'warning' as const, limitInputPixels: limits.maxPixels, pages: 1 };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch (error) {
    throw new PictureError(`cannot be read as a ${sniffed.toUpperCase()} picture (${reason(error)})`);
  }
  const expected = sniffed === 'avif' ? 'heif' : sniffed;
  if (meta.format !== expected) {
    throw new PictureError(`starts like a ${sniffed.toUpperCase()} file but reads as ${meta.format}`);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new PictureError('has no size');
  if (width * height > limits.maxPixels) {
    throw new PictureError(
      `is ${width}×${height} pixels; pictures may have at most ${(limits.maxPixels / 1e6).toFixed(0)} megapixels (MEDIA_MAX_PIXELS)`,
    );
  }

  try {
    // Decoded whole, once: every pixel is read, so a broken file fails here rather than when it is shown.
    const { data, info } = await sharp(bytes, options)
      .autoOrient()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    let opaque = info.channels !== 2 && info.channels !== 4;
    if (!opaque) opaque = (await sharp(data, raw).stats()).isOpaque;
    // Re-encoded from the decoded pixels: nothing of the file's metadata can come along.
    const clean = opaque
      ? await sharp(data, raw).removeAlpha().jpeg({ quality: 90, mozjpeg: true }).toBuffer()
      : await sharp(data, raw).png().toBuffer();
    return { bytes: clean, format: opaque ? 'jpg' : 'png', width: info.width, height: info.height, sniffed };
  } catch (error) {
    throw new PictureError(`cannot be read as a ${sniffed.toUpperCase()} picture (${reason(error)})`);
  }
}

const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .split('\n')[0]
    ?.replace(/^Input buffer has /, '') ?? 'unreadable';
