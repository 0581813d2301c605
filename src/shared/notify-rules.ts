// What an owner can be mailed about when a named recipient engages (issue 18), shared by the
// server's checks and the dashboard's choices (Settings and the EyeMail form). Pure.
export const NOTIFY_EVENTS = ['open', 'play', 'half', 'click'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

export const NOTIFY_EVENT_LABEL: Record<NotifyEvent, string> = {
  open: 'Opens',
  play: 'Plays',
  half: 'Watched at least half',
  click: 'Clicks',
};

export const NOTIFY_MESSAGES = {
  events: 'Choose events among open, play, half and click.',
  inherit: 'inherit must be true or false.',
} as const;

// The message for a list of events as sent, or null when it is a list of known events (empty:
// no mail).
export function notifyEventsError(value: unknown): string | null {
  if (!Array.isArray(value) || value.length > NOTIFY_EVENTS.length) return NOTIFY_MESSAGES.events;
  return value.every((e) => typeof e === 'string' && (NOTIFY_EVENTS as readonly string[]).includes(e)) ? null : NOTIFY_MESSAGES.events;
}

// The events in their usual order, without repeats (assumes notifyEventsError passed).
export function orderedEvents(value: readonly string[]): NotifyEvent[] {
  return NOTIFY_EVENTS.filter((e) => value.includes(e));
}

// How an EyeMail's choice reads: "Opens, Clicks", "No mails", with "(account default)" when it
// follows the account's.
export function notifyChoiceText(choice: { inherit: boolean; events: readonly string[] }): string {
  const list = orderedEvents(choice.events);
  const text = list.length === 0 ? 'No mails' : list.length === NOTIFY_EVENTS.length ? 'Every event' : list.map((e) => NOTIFY_EVENT_LABEL[e]).join(', ');
  return choice.inherit ? `${text} (account default)` : text;
}
