import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  COVER_PLACEMENTS,
  COVER_SPACING_DEFAULT,
  COVER_SPACING_LEVELS,
  LOGO_ALIGNMENTS,
  LOGO_WIDTH_DEFAULT,
  LOGO_WIDTH_MAX,
  LOGO_WIDTH_MIN,
  MAX_BUTTONS,
  SNIPPET_FIELD_RULES,
  TITLE_MAX,
  URL_MAX,
  VIDEO_OVERLAYS,
  WIDTH_DEFAULT,
  WIDTH_MAX,
  WIDTH_MIN,
  ctaButtonsErrors,
} from '../../shared/snippet-rules.js';
import { NOTIFY_EVENTS, notifyChoiceError, type NotifyChoiceInput } from '../../shared/notify-rules.js';
import { Field, OptionalField, PartsRuleOf, type FieldRule } from '../../common/validation/rule.decorator.js';
import { declaredFields } from '../../common/validation/declared-fields.js';
import { SNIPPET_API_MESSAGES as M } from '../snippet-messages.js';

// The rule of a payload field from the shared snippet rules (src/shared/snippet-rules), the ones
// the dashboard's form runs.
export function snippetRule(field: string): FieldRule {
  const rule = SNIPPET_FIELD_RULES.find(([f]) => f === field)?.[1];
  if (!rule) throw new Error(`No snippet rule for ${field}`);
  return (value) => rule(value);
}

const UUID = { type: String, format: 'uuid' } as const;
const URL = { type: String, maxLength: URL_MAX, description: 'http or https' } as const;

// The create payload (spec 01 section 3): described for /api/docs and checked by class-validator
// with the shared rules, fields in the order the form shows their messages. Values are judged as
// sent (form posts send numbers and booleans as text: the rules read them). An Express account's
// logo, cover and buttons are refused (403) or cleared before this check (tiered-body.decorator.ts).
export class SnippetPayloadDto {
  @Field({ type: String, minLength: 1, maxLength: TITLE_MAX }, snippetRule('title'))
  title: string;

  @OptionalField(
    { type: String, nullable: true, maxLength: TITLE_MAX, description: 'The title recipients see (viewer page title, alt texts, aria-labels of the email). Empty: the name. Absent on update: unchanged' },
    snippetRule('publicTitle'),
  )
  publicTitle?: string | null;

  @Field({ ...UUID, description: 'id of the uploaded video file (POST files?type=video)' }, snippetRule('videoId'))
  videoId: string;

  @OptionalField({ ...UUID, nullable: true, description: 'an uploaded GIF used as the fallback instead of the encoded one' }, snippetRule('gifId'))
  gifId?: string | null;

  @OptionalField({ ...UUID, nullable: true, description: 'the call-to-action video icon' }, snippetRule('videoLogoImgId'))
  videoLogoImgId?: string | null;

  @OptionalField({ ...UUID, nullable: true, description: 'Premium only' }, snippetRule('logoImageId'))
  logoImageId?: string | null;

  @OptionalField({ ...UUID, nullable: true, description: 'Premium only' }, snippetRule('coverImageId'))
  coverImageId?: string | null;

  @OptionalField({ type: Number, minimum: WIDTH_MIN, maximum: WIDTH_MAX, default: WIDTH_DEFAULT, description: 'a whole number of px' }, snippetRule('width'))
  width?: number | string | null;

  @OptionalField({ ...URL, nullable: true }, snippetRule('landingPageUrl'))
  landingPageUrl?: string | null;

  @OptionalField({ ...URL, nullable: true, description: 'the call-to-action video link (http or https)' }, snippetRule('videoURLData'))
  videoURLData?: string | null;

  @OptionalField({ type: Number, minimum: LOGO_WIDTH_MIN, maximum: LOGO_WIDTH_MAX, default: LOGO_WIDTH_DEFAULT, description: 'px; Premium only' }, snippetRule('logoImageWidth'))
  logoImageWidth?: number | string | null;

  @OptionalField({ enum: [...LOGO_ALIGNMENTS], default: 'left' }, snippetRule('logoImageAlignment'))
  logoImageAlignment?: string | null;

  @OptionalField({ enum: [...COVER_PLACEMENTS], default: 'below' }, snippetRule('coverImagePlacement'))
  coverImagePlacement?: string | null;

  @OptionalField({ enum: [...COVER_SPACING_LEVELS], default: COVER_SPACING_DEFAULT, description: 'x 8 px' }, snippetRule('coverImageSpacing'))
  coverImageSpacing?: number | string | null;

  @OptionalField({ enum: [...VIDEO_OVERLAYS], default: 'none' }, snippetRule('videoOverlay'))
  videoOverlay?: string | null;

  @ApiPropertyOptional({
    type: String,
    description: `Premium only. A JSON string: a list of up to ${MAX_BUTTONS} buttons {title, url, backgroundColor, fontColor, btnSize, fontSize, radius, bold}; each failing button field has its own message, keyed ctaButtonsJSON.<index>.<field>`,
  })
  @PartsRuleOf(ctaButtonsErrors)
  ctaButtonsJSON?: unknown;

  // Whether the mute icon is shown; true/false, or as a form sends it.
  @ApiPropertyOptional({ type: Boolean, default: false })
  @Allow()
  addVideoOverlay?: unknown;

  // Saved with the EyeMail, in its transaction (a refused choice changes nothing); absent: the
  // choice stays as it is (a new EyeMail follows the account default).
  @OptionalField(
    {
      type: 'object',
      properties: { inherit: { type: 'boolean' }, events: { type: 'array', items: { type: 'string', enum: [...NOTIFY_EVENTS] } } },
      description:
        'Which events of named recipients mail you about this EyeMail: { "inherit": true } follows your account default; { "events": [...] } among open, play, half, click (empty: no mail). Absent: unchanged',
    } as never,
    notifyChoiceError,
  )
  notify?: NotifyChoiceInput;

  // Documented because the dashboard sends it; dropped, as the server writes the button HTML itself.
  @ApiPropertyOptional({ type: String, description: 'Ignored: the server generates the button HTML' })
  ctaButtonsHTML?: unknown;
}

// The snippet to change is named first; a malformed id is "not found", like someone else's.
export class UpdateSnippetPayloadDto extends SnippetPayloadDto {
  @Field({ ...UUID }, (v) => (v === undefined || v === null || v === '' ? M.snippetRequired : null))
  snippetId: unknown;
}

// The payload fields a client may send (those with a rule, in their order).
export const SNIPPET_PAYLOAD_FIELDS = declaredFields(SnippetPayloadDto);

// POST snippets/snippetId: {snippetId}, as sent (a malformed id is "not found").
export class SnippetIdDto {
  @ApiProperty({ ...UUID })
  @Allow()
  snippetId?: unknown;
}

// DELETE snippets: the dashboard sends {SnippetId}; {snippetId} works too.
export class DeleteSnippetDto {
  @ApiPropertyOptional({ ...UUID })
  @Allow()
  SnippetId?: unknown;

  @ApiPropertyOptional({ ...UUID })
  @Allow()
  snippetId?: unknown;
}

export class SnippetStatusDto {
  @ApiProperty({ ...UUID })
  @Allow()
  snippetId?: unknown;

  @Field({ type: Boolean }, (v) => (typeof v === 'boolean' ? null : M.status))
  status: boolean;
}
