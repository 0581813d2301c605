import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { viewsDir } from '../../common/paths.js';
import { buildEmailViewModel } from './export-view-model.js';
import type { EmailViewModel } from './export-types.js';

// Renders the exported email HTML from views/email. The templates are compiled once (on first
// use, or at boot through loadEmailTemplates()) and receive view models from export-view-model.ts.

type Render = (vm: EmailViewModel) => string;

interface EmailTemplates {
  document: Render;
  block: Render;
  preview: Render;
}

export const EMAIL_VIEWS_DIR = path.join(viewsDir, 'email');

let loaded: EmailTemplates | null = null;

// Whitespace between tags costs bytes and nothing else: the templates never rely on it (spaces
// that matter are &nbsp;), and no tag spans lines.
export function compactHtml(html: string): string {
  return html
    .replace(/[ \t]*\r?\n[ \t\r\n]*/g, '\n')
    .replace(/>\n</g, '><')
    .replace(/\n/g, ' ')
    .trim();
}

export function compileEmailTemplates(dir: string = EMAIL_VIEWS_DIR): EmailTemplates {
  const hbs = Handlebars.create();
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
  for (const partial of ['style', 'block', 'full-image']) hbs.registerPartial(partial, read(`partials/${partial}.hbs`));
  const compile = (name: string): Render => {
    const t = hbs.compile(read(name), { strict: true });
    return (vm) => compactHtml(t(vm));
  };
  const templates = { document: compile('email-document.hbs'), block: compile('email-block.hbs'), preview: compile('email-preview.hbs') };
  // Handlebars compiles lazily: render once with every optional part present so a broken
  // template or a field the view model lacks fails here (strict mode), not in front of a user.
  for (const probe of [probeViewModel('mailchimp', 'above', false), probeViewModel('campaign-monitor', 'below', true)]) {
    templates.document(probe);
    templates.block(probe);
    templates.preview(probe);
  }
  return templates;
}

export function loadEmailTemplates(): EmailTemplates {
  if (!loaded) loaded = compileEmailTemplates();
  return loaded;
}

// The whole exported document, for the "Video HTML" box and the .html download.
export function renderEmailExport(vm: EmailViewModel): string {
  return loadEmailTemplates().document(vm);
}

// The block alone with its style, for pasting into an email that already exists.
export function renderEmailBlock(vm: EmailViewModel): string {
  return loadEmailTemplates().block(vm);
}

// A 600 px page showing the email as a recipient would see it.
export function renderEmailPreviewPage(vm: EmailViewModel): string {
  return loadEmailTemplates().preview(vm);
}

function probeViewModel(platform: string, placement: 'above' | 'below', withVideoIcon: boolean): EmailViewModel {
  return buildEmailViewModel({
    snippet: {
      id: '00000000-0000-4000-8000-000000000000',
      title: 'Probe',
      width: 600,
      logo: { url: '/static/probe.png', alignment: 'center', width: 120, size: { width: 240, height: 80 } },
      cover: { url: '/static/probe.png', placement, spacing: 1, size: { width: 1200, height: 400 } },
      video: { mp4Url: '/static/probe.mp4', posterUrl: '/static/probe.jpg', gifUrl: '/static/probe.gif', size: { width: 600, height: 338 } },
      videoIcon: withVideoIcon ? { url: '/static/probe.png', size: { width: 128, height: 128 } } : null,
      addVideoOverlay: true,
      videoOverlay: 'black',
      landingPageUrl: 'https://example.com/',
      videoLinkUrl: 'https://example.com/video',
      buttons: [
        { title: 'Go', url: 'https://example.com/', backgroundColor: '#444444', fontColor: '#ffffff', btnSize: 'small', fontSize: 'small', radius: 0, bold: true },
      ],
    },
    platform,
    options: { includeHeader: true, includeUnsubscribeLink: true, removeBranding: false, preheader: 'Probe' },
    publicBaseUrl: 'http://localhost',
  });
}
