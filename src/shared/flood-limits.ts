// Tracking floods' allowance, one place for the ingest's flood rule (ingest/flood.ts) and the
// notifications' count of new recipients from one address (notifications/notification-cap.ts).
// At most this many events of one kind by one person within any second, and within any minute
// (the event itself included); each event past either count is a flood.
// - Opens: a mail client fetches the pixel each time it shows the message; some fetch it twice
//   (the preview pane, then the opened message; a re-render for dark mode or on scrolling), so a
//   reader flicking between messages makes two or three fetches in a second: 4 leaves room. Over
//   a minute, a reader re-opening the message every three seconds or so makes 20, already far
//   more than anyone reads one email.
// - Clicks: a double click is two, a hurried triple click three; nobody clicks one email's video
//   more than a dozen times a minute (each click opens a page).
// - Play reports: the viewer reports a play on every pause, end and page exit, so someone
//   toggling play and pause makes a few a second at most, and 30 a minute is a play every 2 s.
export const FLOOD_LIMITS: Readonly<Record<'open' | 'click' | 'play', { perSecond: number; perMinute: number }>> = {
  open: { perSecond: 4, perMinute: 20 },
  click: { perSecond: 3, perMinute: 15 },
  play: { perSecond: 4, perMinute: 30 },
};

// Image proxies that fetch for every reader of a mailbox provider, not for one person: without a
// receiver, their events are never one person's in the flood rule (reports' flood.ts and the
// stored events' check).
export const SHARED_PROXY_CLIENTS = ['Gmail', 'Yahoo Mail'];
