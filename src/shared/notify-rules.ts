// What an owner can be mailed about when a named recipient engages (issue 18), shared by the
// server's checks and the dashboard's choices (Settings and the EyeMail form). Pure.
// A play's events (end: watched to the end; sound: the sound turned on) come once per play.
export const NOTIFY_EVENTS = ['open', 'play', 'half', 'end', 'sound', 'click'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

// What mails while nothing is chosen: every event but the sound turned on (one more mail per play
// that adds little to "played").
export const DEFAULT_NOTIFY_EVENTS: readonly NotifyEvent[] = ['open', 'play', 'half', 'end', 'click'];

export const NOTIFY_EVENT_LABEL: Record<NotifyEvent, string> = {
  open: 'Opens',
  play: 'Plays',
  half: 'Watched at least half',
  end: 'Watched to the end',
  sound: 'Turned the sound on',
  click: 'Clicks',
};

export const NOTIFY_MESSAGES = {
  events: `Choose events among ${NOTIFY_EVENTS.slice(0, -1).join(', ')} and ${NOTIFY_EVENTS[NOTIFY_EVENTS.length - 1]}.`,
  inherit: 'inherit must be true or false.',
  choice: 'Choose the account default ({ "inherit": true }) or the events to be mailed about ({ "events": [...] }).',
} as const;

// An EyeMail's notification choice as sent with the EyeMail (POST and PUT snippets): follow the
// account default, or its own events (empty: no mail).
export interface NotifyChoiceInput {
  inherit?: boolean;
  events?: string[];
}

// The message for a choice as sent, or null when it is fine (absent: the choice is not changed).
export function notifyChoiceError(value: unknown): string | null {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return NOTIFY_MESSAGES.choice;
  const v = value as Record<string, unknown>;
  if (Object.keys(v).some((k) => k !== 'inherit' && k !== 'events')) return NOTIFY_MESSAGES.choice;
  if (v.inherit !== undefined && typeof v.inherit !== 'boolean') return NOTIFY_MESSAGES.inherit;
  if (v.inherit === true && v.events === undefined) return null;
  return notifyEventsError(v.events);
}

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
