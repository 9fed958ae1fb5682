// The picture variants /media serves (apps/server/src/modules/media/media-routes.ts) and the web app asks
// for (apps/web/src/lib/picture-sources.ts): one list, so a srcset never names a width the server refuses.

/** The widths (CSS px × device pixels) a raster variant may be asked for with `?w=`. */
export const PICTURE_WIDTHS = [160, 240, 320, 400, 480, 640, 800, 1200] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** The raster formats, by file extension; `svg` is the drawing itself. */
export const RASTER_FORMATS = ['avif', 'webp', 'jpg', 'png'] as const;
export type RasterFormat = (typeof RASTER_FORMATS)[number];
