import type { PasteHint } from '../shared/api-types.js';
import { DEFAULT_PLATFORM_CODE } from './email-platforms.js';

// Where to paste the export in each platform: the block (the EyeMail with its styles, into an
// email that already exists: the usual case) or the whole document (the EyeMail as the entire
// email). Shown under the copy box in the export dialog.
export type { PasteHint } from '../shared/api-types.js';

const HINTS: Record<string, PasteHint> = {
  mailchimp: {
    block: 'In your campaign, add a Code block (Code content block in the classic builder) where the video should go and paste into it.',
    document: 'Create a template with Code your own > Paste in code, paste it there and use the template for your campaign.',
  },
  hubspot: {
    block: 'In the email editor, add a Rich text module where the video should go, open its Source code view and paste into it.',
    document: 'Create a coded email template in the Design Manager, paste it as the template’s HTML and build your email from it.',
  },
  'salesforce-marketing-cloud': {
    block: 'In Content Builder, drag an HTML block into the email where the video should go and paste into it.',
    document: 'In Content Builder, create an email from HTML Paste and paste it there.',
  },
  klaviyo: {
    block: 'In the drag-and-drop editor, add an HTML block where the video should go and paste into it.',
    document: 'Create a template with the HTML editor (Email Templates > Create Template > HTML) and paste it there.',
  },
  marketo: {
    block: 'In the email editor, select an editable section where the video should go, choose Edit Code and paste into it.',
    document: 'Create an email template (Design Studio > Email Templates), paste it into the template’s HTML and build the email from it.',
  },
  'constant-contact': {
    block: 'In the drag-and-drop editor, add a Custom Code block where the video should go and paste into it.',
    document: 'Create a Custom Code email and paste it over the starter code: it already has the [[trackingImage]] tag.',
  },
  'campaign-monitor': {
    block: 'In the email builder, add a Code block where the video should go and paste into it.',
    document: 'Import it as your own HTML design (Templates > Code your own) and send from it.',
  },
  sendgrid: {
    block: 'In the Design Editor, drag a Code module where the video should go and paste into it.',
    document: 'Create the Single Send with the Code Editor and paste it over the starter code.',
  },
  brevo: {
    block: 'In the drag-and-drop editor, add an HTML block where the video should go and paste into it.',
    document: 'Choose Paste your code (Code your own) when creating the campaign and paste it there.',
  },
  activecampaign: {
    block: 'In the campaign designer, drag an HTML block where the video should go and paste into it.',
    document: 'Choose Custom HTML when designing the campaign and paste it there.',
  },
  pardot: {
    block: 'In the email builder, add an HTML (custom code) component where the video should go and paste into it.',
    document: 'Create the email or template with the HTML editor and paste it as its HTML.',
  },
  braze: {
    block: 'In the drag-and-drop editor, add a Custom Code block where the video should go and paste into it.',
    document: 'Choose the HTML editor for the email message and paste it there.',
  },
  iterable: {
    block: 'In the drag-and-drop editor, add an HTML block where the video should go and paste into it.',
    document: 'Open the template in the HTML source editor and paste it there.',
  },
  mailgun: {
    block: 'Paste it into your template’s HTML where the video should go.',
    document: 'Use it as the whole HTML of your template or of the message you send.',
  },
  'customer-io': {
    block: 'In the email editor, add an HTML (code) block where the video should go and paste into it.',
    document: 'Choose the code editor for the email and paste it as the whole body.',
  },
  mailjet: {
    block: 'In the drag-and-drop builder, add an HTML block where the video should go and paste into it.',
    document: 'Create the template with Code your own (HTML editor) and paste it there.',
  },
  getresponse: {
    block: 'In the Email Creator, drag a Custom code (HTML) block where the video should go and paste into it.',
    document: 'Create the message with the HTML code editor (Start from scratch > HTML) and paste it there.',
  },
  aweber: {
    block: 'In the drag-and-drop message editor, add an HTML element where the video should go and paste into it.',
    document: 'Create the message with the Plain HTML editor (Create a Message > Plain HTML) and paste it there.',
  },
  'zoho-campaigns': {
    block: 'In the drag-and-drop editor, add an HTML (custom code) block where the video should go and paste into it.',
    document: 'Create the campaign with Code your own (HTML editor) and paste it there.',
  },
  omnisend: {
    block: 'In the campaign builder, add an HTML (custom code) block where the video should go and paste into it.',
    document: 'Omnisend builds emails from blocks: paste the block into an HTML block rather than the whole document.',
  },
  [DEFAULT_PLATFORM_CODE]: {
    block: 'Paste it into your email’s HTML where the video should go (an HTML or code block in most editors).',
    document: 'Use it as the whole HTML of your email.',
  },
};

export function pasteHintOf(code: string): PasteHint {
  return HINTS[code] ?? HINTS[DEFAULT_PLATFORM_CODE];
}
