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
