// Which mail client shows the <video> and which the linked animated GIF, as data per client and
// two pure rules: mediaFor() is the decision (what the recipient should see), revealsVideo()
// models what the export's style rules (views/email/partials/style.hbs) make the client show.
// The unit tests hold the two equal for every client; the emulated renders in Chromium check the
// real CSS against mediaFor(). Every claim the product makes about clients (the sign-in page, the
// support FAQ) is rendered from this table by client-claims.ts, so the two cannot drift.
//
// The rule: the video only where it plays by itself, muted and inline; everywhere else the GIF,
// which moves without a tap. A video that needs a tap shows a still poster until then, and a
// video the client cannot play shows a still poster for good (or an empty box when images are
// blocked): both worse than the GIF.
//
// Sources are caniemail features (https://www.caniemail.com/features/<slug>/), with the test date
// of the entry used: html-video, css-at-supports, image-gif.

// The feature query the video is revealed behind: WebKit (Apple Mail) supports the prefixed
// backdrop-filter; Blink (Samsung Email, Outlook for Android, Chromium-based webmail) and Gecko do
// not, so there the query is false whatever the client keeps. Written into style.hbs as
// `@supports (<this>)`; the unit test checks the export carries it.
export const VIDEO_REVEAL_FEATURE = '-webkit-backdrop-filter:none';

// What the client does with <video> before showing the email.
export type VideoTag =
  | 'keeps' // the element stays
  | 'strips' // <video>, <source> and <track> tags removed, what they hold stays (html-video note 4)
  | 'replaced-by-u' // tags turned into <u> (html-video note 2)
  | 'not-read'; // Outlook for Windows reads only the <!--[if mso]> part

// Whether a kept <video> plays, and how (html-video).
export type Playback =
  | 'autoplays' // muted, inline, by itself
  | 'needs-controls' // only with the controls attribute, after a tap (note 5)
  | 'no-autoplay-no-controls' // right click > Play only (note 11)
  | 'cannot-play' // kept but blocked by the client's Content Security Policy (note 8)
  | 'none'; // the element never gets there

// What the client does with an @supports block (css-at-supports).
export type FeatureQueries =
  | 'honoured' // evaluated by the client's engine
  | 'dropped' // not supported: the rules inside never apply
  | 'filtered'; // kept, but unknown properties become _filtered_a, so the query is false (note 1)

export type Engine = 'webkit' | 'blink' | 'gecko' | 'word';

// The name a reader knows the client by, for the claims the pages make (client-claims.ts).
export type ClientFamily = 'Apple Mail' | 'Outlook' | 'Samsung Email' | 'Gmail' | 'Yahoo Mail' | 'Thunderbird';

export interface MailClient {
  id: string;
  // "<family> (<where>)" names are listed as "<family> on <where> and <where>" in the claims.
  name: string;
  family: ClientFamily;
  engine: Engine;
  videoTag: VideoTag;
  playback: Playback;
  featureQueries: FeatureQueries;
  // Outlook.com renames classes to x_<name> in the HTML and in the CSS (not inside attribute
  // selectors).
  renamesClasses: boolean;
  // The Outlook apps for iOS and Android put data-outlook-cycle on the body they show the email in:
  // the attribute email developers use to style those apps alone (JayOram/email-css-resets on
  // GitHub, README, "body[data-outlook-cycle] ... targets the Outlook apps on Android and iOS").
  marksOutlookCycle: boolean;
  // Whether an animated GIF moves there (image-gif).
  animatesGif: 'yes' | 'first-frame-only' | 'in-microsoft-365';
  source: string;
}

// Apple Mail does the same on macOS and on iOS (WebKit, the same rules): one behaviour, two entries.
const APPLE_MAIL = {
  family: 'Apple Mail',
  engine: 'webkit',
  videoTag: 'keeps',
  // On iOS too: caniemail's entry (13.3, 2019: needs controls, no autoplay) predates current iOS;
  // WebKit plays muted playsinline video by itself since iOS 10 (webkit.org/blog/6784, "New <video>
  // Policies for iOS"), and the product plays the video in Apple Mail on iOS.
  playback: 'autoplays',
  featureQueries: 'honoured',
  renamesClasses: false,
  marksOutlookCycle: false,
  animatesGif: 'yes',
} as const satisfies Omit<MailClient, 'id' | 'name' | 'source'>;

// The Outlook apps for iOS and Android do the same on either engine: the video kept but blocked,
// no feature queries, and data-outlook-cycle on the body.
const OUTLOOK_APP = {
  videoTag: 'keeps',
  playback: 'cannot-play',
  featureQueries: 'dropped',
  renamesClasses: false,
  marksOutlookCycle: true,
  animatesGif: 'yes',
} as const satisfies Omit<MailClient, 'id' | 'name' | 'family' | 'engine' | 'source'>;

export const MAIL_CLIENTS: readonly MailClient[] = Object.freeze([
  {
    id: 'apple-mail-macos',
    name: 'Apple Mail (macOS)',
    ...APPLE_MAIL,
    source: 'html-video apple-mail macos 12.4: y; css-at-supports macos 13: y',
  },
  {
    id: 'apple-mail-ios',
    name: 'Apple Mail (iOS)',
    ...APPLE_MAIL,
    source: 'html-video apple-mail ios 13.3: a #5 #6 (2019); css-at-supports ios 13: y',
  },
  {
    id: 'outlook-ios',
    name: 'Outlook for iOS',
    family: 'Outlook',
    engine: 'webkit',
    ...OUTLOOK_APP,
    source: 'html-video outlook ios 2021-05: n #8; css-at-supports outlook ios 2020-05: n',
  },
  {
    id: 'outlook-android',
    name: 'Outlook for Android',
    family: 'Outlook',
    engine: 'blink',
    ...OUTLOOK_APP,
    source: 'html-video outlook android 2021-05: n #8; css-at-supports outlook android 2020-05: n',
  },
  {
    id: 'outlook-com',
    name: 'Outlook.com and the new Outlook for Windows',
    family: 'Outlook',
    // A web page: the reader's browser, which may be Safari.
    engine: 'webkit',
    videoTag: 'keeps',
    playback: 'cannot-play',
    featureQueries: 'dropped',
    renamesClasses: true,
    marksOutlookCycle: false,
    animatesGif: 'yes',
    source: 'html-video outlook-com 2024-01: n #8; css-at-supports outlook-com 2020-05: n',
  },
  {
    id: 'outlook-macos',
    name: 'Outlook for Mac',
    family: 'Outlook',
    engine: 'webkit',
    videoTag: 'keeps',
    playback: 'no-autoplay-no-controls',
    featureQueries: 'dropped',
    renamesClasses: false,
    marksOutlookCycle: false,
    animatesGif: 'yes',
    source: 'html-video outlook macos 16.80: y #11; css-at-supports outlook macos 16.80: n',
  },
  {
    id: 'outlook-windows',
    name: 'Outlook for Windows (Word)',
    family: 'Outlook',
    engine: 'word',
    videoTag: 'not-read',
    playback: 'none',
    featureQueries: 'dropped',
    renamesClasses: false,
    marksOutlookCycle: false,
    // 2007-2016 show the first frame (a still either way); 2019 with Microsoft 365 plays it.
    animatesGif: 'in-microsoft-365',
    source: 'html-video outlook windows 2007-2019: n; image-gif outlook windows: a #1, 2019: a #1 #2',
  },
  {
    id: 'samsung-email',
    name: 'Samsung Email',
    family: 'Samsung Email',
    // Android's WebView.
    engine: 'blink',
    videoTag: 'keeps',
    playback: 'needs-controls',
    featureQueries: 'honoured',
    renamesClasses: false,
    marksOutlookCycle: false,
    animatesGif: 'yes',
    source: 'html-video samsung-email android 6.0: a #5; css-at-supports samsung-email 6.0: y',
  },
  {
    id: 'gmail',
    name: 'Gmail (web and apps)',
    family: 'Gmail',
    engine: 'blink',
    videoTag: 'replaced-by-u',
    playback: 'none',
    featureQueries: 'dropped',
    renamesClasses: false,
    marksOutlookCycle: false,
    animatesGif: 'yes',
    source: 'html-video gmail 2019-09: n #2; css-at-supports gmail 2020-05: n',
  },
  {
    id: 'yahoo',
    name: 'Yahoo Mail and AOL',
    family: 'Yahoo Mail',
    engine: 'blink',
    videoTag: 'strips',
    playback: 'none',
    featureQueries: 'filtered',
    renamesClasses: false,
    marksOutlookCycle: false,
    animatesGif: 'yes',
    source: 'html-video yahoo, aol 2019-09: n #4; css-at-supports yahoo, aol 2020-05: y #1',
  },
  {
    id: 'thunderbird',
    name: 'Thunderbird',
    family: 'Thunderbird',
    engine: 'gecko',
    videoTag: 'keeps',
    // It plays (60.9: y), but nothing says it autoplays; without a source it gets the GIF.
    playback: 'needs-controls',
    featureQueries: 'dropped',
    renamesClasses: false,
    marksOutlookCycle: false,
    animatesGif: 'yes',
    source: 'html-video thunderbird macos 60.9: y; css-at-supports thunderbird 78.5: n',
  },
]);

export type MediaShown = 'video' | 'gif';

// The decision: the video only where it plays by itself; the GIF everywhere else.
export function mediaFor(client: Pick<MailClient, 'videoTag' | 'playback'>): MediaShown {
  return client.videoTag === 'keeps' && client.playback === 'autoplays' ? 'video' : 'gif';
}

// What the export's style rules make the client show (a model of style.hbs):
//   1. the video is hidden inline and the GIF shown; only `@supports (VIDEO_REVEAL_FEATURE)`
//      reveals the video and hides the GIF, so the client must keep <video>, honour the query
//      and run on WebKit;
//   2. [data-outlook-cycle] hides the video and shows the GIF again in the Outlook apps, should
//      they ever honour the query;
//   3. [class~="x_em-v"] does the same in Outlook.com, which renames classes.
export function revealsVideo(client: Omit<MailClient, 'id' | 'name' | 'family' | 'source' | 'animatesGif'>): boolean {
  if (client.videoTag !== 'keeps') return false;
  if (client.featureQueries !== 'honoured' || client.engine !== 'webkit') return false;
  if (client.marksOutlookCycle || client.renamesClasses) return false;
  return true;
}

export function findMailClient(id: string): MailClient {
  const hit = MAIL_CLIENTS.find((c) => c.id === id);
  if (!hit) throw new Error(`Unknown mail client "${id}"`);
  return hit;
}
