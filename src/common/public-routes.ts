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
  // The public EyeMail pages (viewer, owner preview, email preview) and the tracking addresses
  // written into exported emails (src/snippets).
  { path: 'live/:id', method: RequestMethod.GET },
  { path: 'livePreview/:id', method: RequestMethod.GET },
  { path: 'eyemail/:id', method: RequestMethod.GET },
  { path: 'emailpreview/:id', method: RequestMethod.GET },
  { path: 't/o/:pixel', method: RequestMethod.GET },
  { path: 't/c/:id', method: RequestMethod.GET },
];
