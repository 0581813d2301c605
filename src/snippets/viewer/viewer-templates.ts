import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { publicAssetsDir, viewsDir } from '../../common/paths.js';
import { buildViewerViewModel, VIEWER_SCRIPT_PATH, type ViewerViewModel } from './viewer-view-model.js';

// The public viewer pages (views/viewer), compiled once at boot. Handlebars escapes every value
// ({{ }}); only the server-generated button HTML is printed raw.

export const VIEWER_VIEWS_DIR = path.join(viewsDir, 'viewer');

export interface MessagePage {
  heading: string;
  text: string;
  homeUrl: string;
}

export interface ViewerTemplates {
  viewer(vm: ViewerViewModel): string;
  message(page: MessagePage): string;
  // The viewer script's address with a content hash, so a new version is fetched at once
  // although /static is cached for days.
  scriptSrc: string;
}

let loaded: ViewerTemplates | null = null;

// How the templates escape a value ({{ }}), for text filled into a rendered page afterwards.
export const escapeLikeTemplates = (value: string): string => Handlebars.escapeExpression(value);

export function compileViewerTemplates(dir: string = VIEWER_VIEWS_DIR): ViewerTemplates {
  const hbs = Handlebars.create();
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
  hbs.registerPartial('style', read('partials/style.hbs'));
  const viewer = hbs.compile<ViewerViewModel>(read('viewer.hbs'), { strict: true });
  const message = hbs.compile<MessagePage>(read('message.hbs'), { strict: true });
  const script = fs.readFileSync(path.join(publicAssetsDir, 'viewer', 'viewer.js'));
  const scriptSrc = `${VIEWER_SCRIPT_PATH}?h=${crypto.createHash('sha256').update(script).digest('hex').slice(0, 10)}`;
  const templates: ViewerTemplates = {
    viewer: (vm) => viewer({ ...vm, scriptSrc }),
    message: (page) => message(page),
    scriptSrc,
  };
  // Handlebars compiles lazily: render once with every optional part so a broken template fails
  // at boot, not in front of a recipient.
  for (const placement of ['above', 'below'] as const) templates.viewer(probeViewModel(placement));
  templates.message({ heading: 'Probe', text: 'Probe', homeUrl: 'http://localhost/' });
  return templates;
}

export function loadViewerTemplates(): ViewerTemplates {
  if (!loaded) loaded = compileViewerTemplates();
  return loaded;
}

function probeViewModel(placement: 'above' | 'below'): ViewerViewModel {
  const url = 'http://localhost/static/probe.png';
  return buildViewerViewModel({
    view: {
      snippet: '00000000-0000-4000-8000-000000000000',
      title: 'Probe',
      logoImageUrl: url,
      logoImageAlignment: 'center',
      logoImageWidth: 120,
      coverImageUrl: url,
      coverImagePlacement: placement,
      coverImageSpacing: 1,
      videoUrl: url,
      thumbnailUrl: url,
      gifUrl: url,
      video: { url, thumbnailUrl: url, gifUrl: url },
      videoLogoImgUrl: url,
      videoURLData: 'http://localhost/',
      width: 600,
      addVideoOverlay: true,
      videoOverlay: 'black',
      ctaButtonsHTML: '<table></table>',
      landingPageUrl: 'http://localhost/',
    },
    publicBaseUrl: 'http://localhost',
    receiver: 'probe@example.com',
    reportPlays: true,
    notice: 'Probe',
  });
}
