// The exported email HTML as the Apple Mail and Outlook clients show it (see asClient in
// support/export-render.ts), at 600 and 375 px (Outlook for Windows, a desktop client: 600 px
// only): the video only where it plays by itself (Apple Mail), the moving linked GIF everywhere
// else, never the still poster, every picture at its stated shape, and with images blocked no
// empty box; plus the what-ifs of the Outlook apps or Outlook.com (read in Safari) honouring
// @supports one day. The other clients are export-render-clients-other.test.ts's.
// Screenshots (test/.artifacts/screenshots/): export-client-<client>-<width>.png and
// export-client-<client>-<width>-images-blocked.png for apple-mail-macos, apple-mail-ios,
// outlook-ios, outlook-android, outlook-com, outlook-macos, outlook-windows,
// outlook-ios-honouring-supports and outlook-com-in-safari-honouring-supports.
// Renders with the compiled server code: run `npm run build:server` first (npm test does).
import { after, before, describe, it } from 'node:test';
import { CLIENT_VARIANTS, checkClient, clientTestName, startExportRender, stopExportRender, widthsFor } from './support/export-render.ts';

before(startExportRender);
after(stopExportRender);

describe('exported EyeMail in Chromium as Apple Mail and Outlook show it', () => {
  for (const v of CLIENT_VARIANTS.filter((c) => /^(apple|outlook)-/.test(c.name))) {
    for (const width of widthsFor(v)) it(clientTestName(v, width), () => checkClient(v, width));
  }
});
