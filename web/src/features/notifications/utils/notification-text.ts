import { NOTIFY_EVENTS, NOTIFY_EVENT_LABEL, type NotifyEvent } from '@shared/notify-rules';

// What the bell and the settings call each event (the EyeMail form says the same).
export { NOTIFY_EVENTS, type NotifyEvent };
export const EVENT_LABEL = NOTIFY_EVENT_LABEL;

const EVENT_VERB: Record<NotifyEvent, string> = {
  open: 'opened',
  play: 'played',
  half: 'watched half of',
  end: 'watched to the end of',
  sound: 'turned on the sound of',
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
