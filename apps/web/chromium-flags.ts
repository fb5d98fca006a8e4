/**
 * How Debian's Chromium is started headless here (design §9): without the background-networking
 * flags its connections are refused by this machine's closed network. One list for the browser
 * tests and both benches that drive Chromium.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
