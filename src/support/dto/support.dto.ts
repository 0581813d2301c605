import { ApiPropertyOptional } from '@nestjs/swagger';
import { Field, OptionalField, Rule } from '../../common/validation/rule.decorator.js';
import { ReadAs } from '../../common/validation/transforms.js';
import {
  ATTACHMENTS_MAX,
  INQUIRY_TYPES,
  MESSAGE_MAX,
  SUPPORT_MESSAGES as M,
  attachmentsError,
  inquirySnippetError,
  inquirySnippetOf,
  inquiryTypeError,
  inquiryTypeOf,
  supportText,
  textError,
} from '../support-rules.js';

// POST support: described for /api/docs and checked by class-validator with the rules of
// support-rules.ts, fields in the order the contact form shows their messages.
export class InquiryDto {
  @Field({ enum: [...INQUIRY_TYPES], description: 'any case' }, inquiryTypeError)
  @ReadAs(inquiryTypeOf)
  type: string;

  @Field({ type: String, minLength: 1, maxLength: MESSAGE_MAX }, (v) => textError(v, M.messageRequired, M.messageTooLong))
  @ReadAs(supportText)
  message: string;

  @OptionalField({ type: String, format: 'uuid', nullable: true, description: "Bug / Issues only, optional: one of the sender's EyeMails" }, inquirySnippetError)
  @ReadAs(inquirySnippetOf)
  snippetId?: string | null;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: ATTACHMENTS_MAX,
    description: "ids of the sender's uploaded images (POST files?type=attachment)",
  })
  @Rule(attachmentsError)
  attachments?: string[];
}

// POST sys/feedback.
export class FeedbackDto {
  @Field({ type: String, minLength: 1, maxLength: MESSAGE_MAX }, (v) => textError(v, M.feedbackBlank, M.feedbackTooLong))
  @ReadAs(supportText)
  text: string;
}
