// The system Chromium (Debian's package), never a downloaded one, and the flags every run starts it with:
// the browser journeys (browser.ts) and the Lighthouse bench (bench/lighthouse.ts).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
