import { SNIPPET_MESSAGES } from '../shared/snippet-rules.js';

// What the snippets API says (the snippets API contract). Field messages live in
// src/shared/snippet-rules.ts, shared with the dashboard.
export const SNIPPET_API_MESSAGES = {
  created: 'EyeMail created',
  updated: 'EyeMail updated',
  deleted: 'EyeMail deleted',
  activated: 'Activated!',
  deactivated: 'Deactivated!',
  notFound: SNIPPET_MESSAGES.notFound,
  snippetRequired: 'EyeMail is required',
  noActiveCampaign: 'No active campaign found.',
  expressOnlyVideo: 'Express accounts include the video only: logo, cover image and buttons are Premium features.',
  stillProcessing: 'Your video is still being processed. Please wait until it is ready.',
  activateToExport: 'Activate this EyeMail to export it.',
  notReadyToExport: 'This EyeMail has no encoded video yet.',
  unknownPlatform: 'Please choose an email platform from the list.',
  status: 'Status must be true or false.',
  invalidRequest: 'Invalid request',
  videoInUse: 'This video is used by an EyeMail and cannot be deleted.',
  imageInUse: 'This image is used by an EyeMail and cannot be deleted.',
} as const;
