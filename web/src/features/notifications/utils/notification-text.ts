// What the bell and the settings call each event.
export const NOTIFY_EVENTS = ['open', 'play', 'half', 'click'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

export const EVENT_LABEL: Record<NotifyEvent, string> = {
  open: 'Opens',
  play: 'Plays',
  half: 'Watched at least half',
  click: 'Clicks',
};

const EVENT_VERB: Record<NotifyEvent, string> = {
  open: 'opened',
  play: 'played',
  half: 'watched half of',
  click: 'clicked',
};

// "ada@example.com opened Spring launch"
export function bellLine(item: { receiver: string; kind: string; title: string }): string {
  return `${item.receiver} ${EVENT_VERB[item.kind as NotifyEvent] ?? item.kind} ${item.title}`;
}

// The bell button's name: what it is and how many are unread.
export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Notifications';
  return `Notifications, ${unread > 99 ? 'more than 99' : unread} unread`;
}
