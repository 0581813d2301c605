import type { ApiPropertyOptions } from '@nestjs/swagger';
import { Field, OptionalField } from '../../common/validation/rule.decorator.js';
import { NOTIFY_EVENTS, NOTIFY_MESSAGES, notifyEventsError } from '../../shared/notify-rules.js';

const EVENTS_TEXT = 'open, play, half (watched at least half), click; empty: no mail';
const EVENTS: ApiPropertyOptions = { isArray: true, enum: [...NOTIFY_EVENTS], enumName: 'NotifyEvent', description: EVENTS_TEXT };

// PUT notifications/settings: the account default.
export class AccountNotifySettingDto {
  @Field(EVENTS, notifyEventsError)
  events: string[];
}

// PUT notifications/settings/{snippetId}: the EyeMail's own events, or { inherit: true } to follow
// the account default (events, if sent along, must still be a valid list).
export class SnippetNotifySettingDto {
  @OptionalField({ type: Boolean, description: 'true: follow the account default' }, (v) => (v === undefined || typeof v === 'boolean' ? null : NOTIFY_MESSAGES.inherit))
  inherit?: boolean;

  @OptionalField({ ...EVENTS, description: `${EVENTS_TEXT}; required unless inherit is true` } as ApiPropertyOptions, (v, input) => (input.inherit === true && v === undefined ? null : notifyEventsError(v)))
  events?: string[];
}

export const FOLLOW_MESSAGES = {
  following: 'following must be true or false.',
  events: `Choose at least one event to follow among ${NOTIFY_EVENTS.join(', ')}.`,
} as const;

// PUT notifications/follow/{snippetId}: follow an EyeMail of the current workspace for these
// events (at least one), or { following: false } to stop.
export class FollowSnippetDto {
  @Field({ type: Boolean, description: 'true: mail me (and show in my bell) these events of this EyeMail; false: stop' }, (v) => (typeof v === 'boolean' ? null : FOLLOW_MESSAGES.following))
  following: boolean;

  @OptionalField({ ...EVENTS, description: 'The events to follow, at least one; required when following is true, ignored when false' } as ApiPropertyOptions, (v, input) =>
    input.following !== true ? null : notifyEventsError(v) ?? ((v as unknown[]).length ? null : FOLLOW_MESSAGES.events),
  )
  events?: string[];
}
