// Debian's Chromium, headless, with nothing downloaded or phoned home; WebGL through SwiftShader,
// the software rasteriser, since there is no GPU. Shared by the browser tests and the frame-time
// benchmark (plain JavaScript so that both a .ts test and a .mjs script can import it).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  // The embedding test serves its course page from another loopback name (another origin) than
  // the site's 127.0.0.1; Chromium's local-network checks would refuse that page its iframe.
  '--disable-features=LocalNetworkAccessChecks',
];
