// The element a server-rendered page carries its data in: `<script type="application/json">`, which is
// data, never run (so the Content Security Policy needs no inline script), escaped by the server
// (apps/server/src/web/render-page.ts) so no reply text can close the tag.
export const SSR_DATA_ID = 'quokka-ssr-data';
