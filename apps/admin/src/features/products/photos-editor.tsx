// [I34-photos] A product's photos, 1 to 4 (PRODUCT_LIMITS.photosMax: the shop's product page shows a main
// photo and three more, PDP-03), the first the main photo:
// - Add photos takes several files at once, as many as fit; with 4 already, Replace puts a new one in the
//   place of any photo, so a full set never needs a Remove first (the last photo cannot be removed);
// - Make main moves a photo to the front in one tap;
// - the ⠿ handle drags a photo to another place (a pointer: mouse, finger or pen), or, focused, moves it
//   with the arrow keys (Home: to the front, End: to the back); each move is one save, announced.
// Every change answers with the product as it now is. [I32] Photos waiting for an operator are the ones
// edited further.

import { PRODUCT_LIMITS, type VendorProduct } from '@quokka/contract/api/vendor-products';
import { type ChangeEvent, type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { errorText } from '../../lib/error-text';
import { addPhoto } from './api/add-photo';
import { removePhoto } from './api/remove-photo';
import { reorderPhotos } from './api/reorder-photos';
import { replacePhoto } from './api/replace-photo';
import { photoAt } from './photo-url';
import { type ProductChangeCall, useProductChange } from './use-product-change';

export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** The photos with the one at `from` moved to `to`. */
export function movedPhoto(photos: readonly string[], from: number, to: number): string[] {
  const order = [...photos];
  const [photo] = order.splice(from, 1);
  if (photo === undefined) return order;
  order.splice(Math.max(0, Math.min(to, order.length)), 0, photo);
  return order;
}

const nameOf = (index: number) => (index === 0 ? 'the main photo' : `photo ${index + 1}`);

export function PhotosEditor({ product }: { product: VendorProduct }) {
  const change = useProductChange(product.id);
  const helpId = useId();
  const [saved, setSaved] = useState<string | null>(null);
  // While a photo is dragged by pointer: the order shown, and the photo dragged.
  const [drag, setDrag] = useState<{ url: string; order: string[] } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const photos = product.pending_change?.photos ?? product.photos;
  const shown = drag?.order ?? photos;
  const room = PRODUCT_LIMITS.photosMax - photos.length;

  const run = (request: ProductChangeCall, message: string) => {
    setSaved(null);
    change.mutate(request, { onSuccess: () => setSaved(message) });
  };
  const move = (from: number, to: number) => {
    if (to === from || to < 0 || to >= photos.length) return;
    const order = movedPhoto(photos, from, to);
    run(
      (api) => reorderPhotos(api, product.id, { photos: order }),
      to === 0 ? 'Main photo changed.' : `Photo moved: it is now ${nameOf(to)}.`,
    );
  };

  function onHandleKey(event: KeyboardEvent, index: number) {
    const to =
      event.key === 'ArrowUp' || event.key === 'ArrowLeft'
        ? index - 1
        : event.key === 'ArrowDown' || event.key === 'ArrowRight'
          ? index + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? photos.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    if (!change.isPending) move(index, to);
  }

  /** The place under the pointer: the photo card it is over, found by position (the list may be a grid). */
  function placeAt(x: number, y: number): number | null {
    const cards = [...(list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [])];
    const index = cards.findIndex((card) => {
      const box = card.getBoundingClientRect();
      return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
    });
    return index < 0 ? null : index;
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, url: string) {
    if (change.isPending || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ url, order: photos });
  }
  function onPointerMove(event: PointerEvent) {
    if (!drag) return;
    const to = placeAt(event.clientX, event.clientY);
    const from = drag.order.indexOf(drag.url);
    if (to === null || to === from) return;
    setDrag({ url: drag.url, order: movedPhoto(drag.order, from, to) });
  }
  function onPointerUp() {
    if (!drag) return;
    const { url, order } = drag;
    setDrag(null);
    const from = photos.indexOf(url);
    const to = order.indexOf(url);
    if (from >= 0 && to !== from) move(from, to);
  }

  function addPicked(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const taken = files.slice(0, room);
    const left = files.length - taken.length;
    run(
      async (api) => {
        let product_ = product;
        for (const file of taken) product_ = await addPhoto(api, product.id, file);
        return product_;
      },
      `${taken.length === 1 ? 'Photo added.' : `${taken.length} photos added.`}${
        left > 0
          ? ` ${left === 1 ? 'One more was' : `${left} more were`} not added: a product has at most ${PRODUCT_LIMITS.photosMax} photos (use Replace).`
          : ''
      }`,
    );
  }

  function replacePicked(event: ChangeEvent<HTMLInputElement>, index: number) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    run(
      (api) => replacePhoto(api, product.id, index, file),
      index === 0 ? 'New main photo saved.' : `New photo ${index + 1} saved.`,
    );
  }

  return (
    <div className="panel">
      <h2>Photos</h2>
      <p className="muted small">
        Up to {PRODUCT_LIMITS.photosMax} photos; the first is the main photo. JPEG, PNG, WebP, AVIF or GIF.
      </p>
      <p className="muted small" id={helpId}>
        To move a photo, drag it by ⠿, or tab to ⠿ and use the arrow keys.
      </p>
      <ol className="photo-list" ref={list}>
        {shown.map((url, index) => (
          <li key={url} className={drag?.url === url ? 'photo-dragged' : undefined}>
            <img
              src={photoAt(url, 240)}
              alt={index === 0 ? `${product.name}, main` : `${product.name}, ${index + 1} of ${shown.length}`}
              width={120}
              height={120}
            />
            <span className="photo-caption">
              {index === 0 ? 'Main photo' : `Photo ${index + 1}`}
              {shown.length > 1 && (
                <button
                  type="button"
                  className="drag-handle"
                  aria-label={`Move ${nameOf(index)}`}
                  aria-describedby={helpId}
                  onKeyDown={(event) => onHandleKey(event, index)}
                  onPointerDown={(event) => onPointerDown(event, url)}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={() => setDrag(null)}
                >
                  <span aria-hidden="true">⠿</span>
                </button>
              )}
            </span>
            <span className="photo-buttons">
              {index > 0 && (
                <button
                  type="button"
                  className="button secondary"
                  disabled={change.isPending}
                  aria-label={`Make main: photo ${index + 1}`}
                  onClick={() => move(index, 0)}
                >
                  Make main
                </button>
              )}
              <label className={`button secondary file-button${change.isPending ? ' is-disabled' : ''}`}>
                Replace
                <input
                  type="file"
                  className="visually-hidden"
                  accept={PICTURE_TYPES}
                  aria-label={`Replace ${nameOf(index)}`}
                  disabled={change.isPending}
                  onChange={(event) => replacePicked(event, index)}
                />
              </label>
              <button
                type="button"
                className="button danger-outline"
                disabled={photos.length <= 1 || change.isPending}
                aria-label={`Remove ${nameOf(index)}`}
                onClick={() => run((api) => removePhoto(api, product.id, index), 'Photo removed.')}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ol>
      {room > 0 ? (
        <div className="field picture-input">
          <label htmlFor="photo-upload">
            Add photos ({room === 1 ? '1 more fits' : `up to ${room} more`})
          </label>
          <input
            id="photo-upload"
            type="file"
            multiple
            accept={PICTURE_TYPES}
            disabled={change.isPending}
            onChange={addPicked}
          />
        </div>
      ) : (
        <p className="muted small">
          {PRODUCT_LIMITS.photosMax} photos, the most a product shows. To use another, choose Replace on the
          photo it takes the place of.
        </p>
      )}
      {change.isPending && <p className="muted">Working…</p>}
      {change.error ? (
        <p className="error" role="alert">
          {errorText(change.error)}
        </p>
      ) : (
        saved && (
          <p className="notice" role="status">
            {saved}
          </p>
        )
      )}
    </div>
  );
}
