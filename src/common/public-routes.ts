import { RequestMethod } from '@nestjs/common';
import type { RouteInfo } from '@nestjs/common/interfaces/middleware/middleware-configuration.interface.js';

// Routes served by Nest outside the /api/ prefix: the public viewer pages, tracking, exported
// assets and the unload sign-out beacon. Every other page path belongs to the dashboard.
export const routesOutsideApi: (string | RouteInfo)[] = [
  { path: 'accounts/signout', method: RequestMethod.POST },
  // The API sign-out shares its tail with the beacon above, so it is declared with its full path.
  { path: 'api/accounts/signout', method: RequestMethod.POST },
  // Stored media (local disk), with Range support; HEAD is answered by the GET route.
  { path: 'media/*key', method: RequestMethod.GET },
  // An exported email's media, serving the EyeMail as it is now (src/snippets/live-media.service.ts).
  { path: 'm/:snippetId/:file', method: RequestMethod.GET },
  // The owner's preview pages (src/snippets). The recipients' pages (/live, /eyemail) and the
  // tracking addresses (/t/o, /t/c) are answered on the HTTP server ahead of Express (app.factory.ts).
  { path: 'livePreview/:id', method: RequestMethod.GET },
  { path: 'emailpreview/:id', method: RequestMethod.GET },
  // The notification mails' unsubscribe link (src/notifications): a page and its one-click POST.
  { path: 'notifications/unsubscribe', method: RequestMethod.GET },
  { path: 'notifications/unsubscribe', method: RequestMethod.POST },
];
