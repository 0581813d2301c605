import { RequestMethod } from '@nestjs/common';
import type { RouteInfo } from '@nestjs/common/interfaces/middleware/middleware-configuration.interface.js';

// Routes served by Nest outside the /api/ prefix: the public viewer pages, tracking, exported
// assets and the unload sign-out beacon. Every other page path belongs to the dashboard.
export const routesOutsideApi: (string | RouteInfo)[] = [
  { path: 'accounts/signout', method: RequestMethod.POST },
];
