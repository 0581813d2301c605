import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { viewsDir } from '../common/paths.js';
import type { MailTemplateName } from './mail-views.js';

const NAMES: MailTemplateName[] = ['verify-email', 'reset-password', 'support-inquiry', 'feedback', 'webhook-disabled', 'notify-event', 'notify-digest', 'notify-summary', 'invitation'];

type Render = (model: object) => string;

// Compiles views/mail once at boot: for each mail an HTML part (escaped, wrapped in the shared
// layout partial) and a plain-text part. A missing or broken template fails start-up, not a send.
export class MailTemplates {
  private readonly parts = new Map<MailTemplateName, { html: Render; text: Render }>();

  constructor(dir = path.join(viewsDir, 'mail')) {
    const hbs = Handlebars.create();
    hbs.registerPartial('layout', fs.readFileSync(path.join(dir, 'layout.html.hbs'), 'utf8'));
    for (const name of NAMES) {
      const html = hbs.compile(fs.readFileSync(path.join(dir, `${name}.html.hbs`), 'utf8'), { strict: true });
      // Plain text is not HTML: no entity escaping there.
      const text = hbs.compile(fs.readFileSync(path.join(dir, `${name}.text.hbs`), 'utf8'), { strict: true, noEscape: true });
      // Compile eagerly (Handlebars compiles lazily on first use).
      html({ ...PROBE });
      text({ ...PROBE });
      this.parts.set(name, { html, text });
    }
  }

  render(name: MailTemplateName, model: object): { html: string; text: string } {
    const part = this.parts.get(name);
    if (!part) throw new Error(`Unknown mail template ${name}`);
    return { html: part.html(model), text: part.text(model) };
  }
}

// Every field any mail template reads, so the eager compile above also checks the templates.
const PROBE = {
  name: 'x',
  link: 'https://example.com',
  hours: 1,
  minutes: 1,
  intro: 'x',
  senderName: 'x',
  senderEmail: 'x@example.com',
  type: 'x',
  hasSnippet: true,
  snippetTitle: 'x',
  snippetUrl: 'https://example.com',
  message: 'x',
  attachmentCount: 1,
  missingNote: 'x',
  endpointUrl: 'https://example.com',
  failingSince: 'x',
  lastError: 'x',
  receiver: 'x',
  what: 'x',
  when: 'x',
  summary: 'x',
  lines: 'x',
  reportLink: 'https://example.com',
  unsubscribeLink: 'https://example.com',
  unsubscribeAllLink: 'https://example.com',
  inviterName: 'x',
  companyName: 'x',
  roleText: 'x',
  roleSummary: 'x',
  email: 'x@example.com',
  days: 1,
};
