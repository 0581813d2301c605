import type { ApiPropertyOptions } from '@nestjs/swagger';
import { Field, OptionalField } from '../../common/validation/rule.decorator.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../shared/webhook-events.js';
import { DESCRIPTION_MAX, SNIPPETS_PER_ENDPOINT_MAX, descriptionError, enabledError, eventsError, snippetIdsError, urlError, whenSent } from '../endpoint-input.js';

// The endpoint form (POST webhooks, PUT webhooks/{id}): described for /api/docs and checked by
// class-validator with the rules of endpoint-input.ts, fields in the order the form shows their
// messages. The address's own checks (https, public, as resolved) and the EyeMails' owner are the
// service's, after this.
const URL: ApiPropertyOptions = { type: String, format: 'uri', description: 'https address of your receiver' };
const EVENTS: ApiPropertyOptions = { enum: [...WEBHOOK_EVENTS], enumName: 'WebhookEvent', isArray: true, minItems: 1 };
const SNIPPET_IDS: ApiPropertyOptions = { type: [String], format: 'uuid', nullable: true, maxItems: SNIPPETS_PER_ENDPOINT_MAX, description: 'null: every EyeMail, now and later' };
const DESCRIPTION: ApiPropertyOptions = { type: String, nullable: true, maxLength: DESCRIPTION_MAX };

export class CreateEndpointDto {
  @Field(URL, urlError)
  url: string;

  @Field(EVENTS, eventsError)
  events: WebhookEvent[];

  @OptionalField(SNIPPET_IDS, snippetIdsError)
  snippetIds?: string[] | null;

  @OptionalField(DESCRIPTION, descriptionError)
  description?: string | null;
}

// A change: any of the form's fields (each checked as when the endpoint is made), or enabled.
export class UpdateEndpointDto {
  @OptionalField(URL, whenSent(urlError))
  url?: string;

  @OptionalField(EVENTS, whenSent(eventsError))
  events?: WebhookEvent[];

  @OptionalField(SNIPPET_IDS, snippetIdsError)
  snippetIds?: string[] | null;

  @OptionalField(DESCRIPTION, descriptionError)
  description?: string | null;

  @OptionalField({ type: Boolean, description: 'false: turn the endpoint off; true: on again' }, enabledError)
  enabled?: boolean;
}
