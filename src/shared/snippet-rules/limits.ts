// Limits, choices, labels and messages of the snippet (EyeMail) form (spec 01 section 5).
// Pure: no Node, Nest or React imports; shared by the server and the dashboard.

export const TITLE_MAX = 240;
export const WIDTH_MIN = 600;
export const WIDTH_MAX = 800;
export const WIDTH_DEFAULT = 600;
export const LOGO_WIDTH_MIN = 40;
export const LOGO_WIDTH_MAX = 600;
export const LOGO_WIDTH_DEFAULT = 120;
export const COVER_SPACING_STEP_PX = 8;
export const COVER_SPACING_LEVELS = [0, 1, 2, 3] as const;
export const COVER_SPACING_DEFAULT = 1;
export const URL_MAX = 2048;

export const BUTTON_TEXT_MAX = 16;
// The spec gives both 0-50 and 0-30. 30 is the stricter reading and already more than half of the
// 42 px Outlook button, so anything above it would look the same (a pill) anyway.
export const BUTTON_RADIUS_MIN = 0;
export const BUTTON_RADIUS_MAX = 30;
// The spec gives both 4 and 5 (the add control hides at 4, the add form blocks at 5). The add
// control is what people see, so 4 is the limit, and the server enforces the same number.
export const MAX_BUTTONS = 4;

export const HEADER_TEXT_MAX = 200;
// Inboxes show about 90-140 characters of preview text after the subject line.
export const PREHEADER_MAX = 150;
export const DEFAULT_HEADER_TEXT = 'If Unable to See or Hear, Click Here';

export const LOGO_ALIGNMENTS = ['left', 'center', 'right'] as const;
export const COVER_PLACEMENTS = ['above', 'below'] as const;
export const VIDEO_OVERLAYS = ['none', 'black', 'white'] as const;
export const BUTTON_SIZES = ['small', 'medium', 'large'] as const;

export type LogoAlignment = (typeof LOGO_ALIGNMENTS)[number];
export type CoverPlacement = (typeof COVER_PLACEMENTS)[number];
export type VideoOverlay = (typeof VIDEO_OVERLAYS)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];
export type SnippetTier = 'premium' | 'express';

// Size and font size of a button (spec 01 section 3).
export const BUTTON_PADDING: Record<ButtonSize, string> = { small: '10px', medium: '15px 10px', large: '20px 10px' };
export const BUTTON_FONT_SIZE: Record<ButtonSize, string> = { small: '1em', medium: '1.2em', large: '1.4em' };

export const BUTTON_DEFAULTS = {
  backgroundColor: '#444444',
  fontColor: '#ffffff',
  btnSize: 'small' as ButtonSize,
  fontSize: 'small' as ButtonSize,
  radius: 0,
  bold: true,
};

export const LABELS = {
  title: 'Title',
  publicTitle: 'Title recipients see',
  width: 'Video width',
  logoWidth: 'Logo width',
  logoAlignment: 'Logo alignment',
  coverPlacement: 'Cover image placement',
  coverSpacing: 'Cover image spacing',
  overlay: 'Video icon',
  buttonText: 'Button text',
  backgroundColor: 'Background color',
  fontColor: 'Font color',
  buttonUrl: 'Button URL',
  buttonSize: 'Button size',
  fontSize: 'Font size',
  radius: 'Radius',
  headerText: 'Header text',
  preheader: 'Preview text',
} as const;

export const SNIPPET_MESSAGES = {
  // a missing EyeMail, another workspace's, or not an id: the same answer (404)
  notFound: 'EyeMail not found.',
  videoRequired: 'Video is required.',
  invalidField: 'Invalid Field',
  width: 'Video width can be up to 800px.',
  landingPageUrl: 'Not a valid URL',
  url: 'Not a valid url.',
  logoWidth: 'Logo size less than 600px',
  headerText: 'Please enter header text!',
  colour: (label: string) => `${label} must be a colour like #444444`,
  tooManyButtons: `You can add up to ${MAX_BUTTONS} call-to-action buttons.`,
  buttonsNotAllowed: 'Call-to-action buttons are not available on Express accounts.',
} as const;

// The generic form validator's messages (spec 01 section 5), worded exactly as the spec has them.
export const RULE_MESSAGES = {
  required: (label: string) => `${label} is required`,
  minLength: (label: string, n: number) => `${label} must be at least ${n} characters in length`,
  maxLength: (label: string, n: number) => `${label} must not exceed ${n} characters in length`,
  minOrEqual: (label: string, n: number) => `${label} must be equal to or greater than ${n}`,
  maxOrEqual: (label: string, n: number) => `${label} must be equal to or less than ${n}`,
  oneOf: (label: string, list: readonly (string | number)[]) => `${label} must be one of these: ${list.join(', ')}`,
};
