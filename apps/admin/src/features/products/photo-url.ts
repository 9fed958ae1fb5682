// [I16-products] A /media picture at a width the media routes make (PICTURE_WIDTHS): a photo (JPEG/PNG)
// gets `?w=`; a demo drawing (.svg) is answered as drawn and refuses a width, so it is left as it is.
export function photoAt(url: string, width: 160 | 240 | 320): string {
  if (/\.svg(\?|$)/i.test(url) || !url.startsWith('/media/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}
