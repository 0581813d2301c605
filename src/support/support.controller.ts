import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { parsed } from '../common/parsed.pipe.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { SupportService } from './support.service.js';
import { ATTACHMENTS_MAX, INQUIRY_TYPES, MESSAGE_MAX, SUPPORT_MESSAGES, validateFeedback, validateInquiry, type InquiryInput } from './support-rules.js';

// The body is checked by support-rules.ts (its messages are the contract), not by a DTO class.
@ApiTags('support')
@Controller()
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Post('support')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a contact inquiry to the support team',
    description:
      `Stored first, then mailed to SUPPORT_EMAIL with Reply-To the sender; a failed mail is retried by the job queue. ` +
      `type: ${INQUIRY_TYPES.join(', ')}. message: required, at most ${MESSAGE_MAX} characters. snippetId (Bug / Issues only, optional): ` +
      `one of the sender's EyeMails. attachments: at most ${ATTACHMENTS_MAX} ids of the sender's uploaded images (POST files?type=attachment). ` +
      '400 with field errors; 429 past 10 inquiries an hour.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['type', 'message'],
      properties: {
        type: { type: 'string', enum: [...INQUIRY_TYPES] },
        snippetId: { type: 'string', format: 'uuid', nullable: true },
        message: { type: 'string', maxLength: MESSAGE_MAX },
        attachments: { type: 'array', maxItems: ATTACHMENTS_MAX, items: { type: 'string', format: 'uuid' } },
      },
    },
  })
  async send(@CurrentUser() user: AuthUser, @Body(parsed(validateInquiry)) inquiry: InquiryInput) {
    return ok(await this.support.submitInquiry(user, inquiry), SUPPORT_MESSAGES.sent);
  }

  @Post('sys/feedback')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send feedback to the team (stored, then mailed to SUPPORT_EMAIL like an inquiry)' })
  @ApiBody({ schema: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: MESSAGE_MAX } } } })
  async feedback(@CurrentUser() user: AuthUser, @Body(parsed(validateFeedback)) text: string) {
    return ok(await this.support.submitFeedback(user, text), SUPPORT_MESSAGES.feedbackSent);
  }
}
