// The exported email HTML as the mail clients other than Apple Mail and Outlook show it (Samsung
// Email, Gmail, Yahoo, Thunderbird; see asClient in support/export-render.ts), and a client that
// drops <style> but keeps <video>, at 600 and 375 px: the moving linked GIF, never the still
// poster, every picture at its stated shape, and with images blocked no empty box. Apple Mail and
// Outlook are export-render-clients-apple-outlook.test.ts's.
// Screenshots (test/.artifacts/screenshots/): export-client-<client>-<width>.png and
// export-client-<client>-<width>-images-blocked.png for samsung-email, gmail, yahoo, thunderbird
// and no-style.
// Renders with the compiled server code: run `npm run build:server` first (npm test does).
import { after, before, describe, it } from 'node:test';
import { CLIENT_VARIANTS, checkClient, clientTestName, startExportRender, stopExportRender, widthsFor } from './support/export-render.ts';

before(startExportRender);
after(stopExportRender);

describe('exported EyeMail in Chromium as the other mail clients show it', () => {
  for (const v of CLIENT_VARIANTS.filter((c) => !/^(apple|outlook)-/.test(c.name))) {
    for (const width of widthsFor(v)) it(clientTestName(v, width), () => checkClient(v, width));
  }
});
