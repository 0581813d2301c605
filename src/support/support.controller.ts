import { Controller, HttpCode, Post } from '@nestjs/common';
import { AccountScope } from '../common/auth/workspace-access.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { SupportService } from './support.service.js';
import { ATTACHMENTS_MAX, INQUIRY_TYPES, MESSAGE_MAX, SUPPORT_MESSAGES, inquiryInputOf } from './support-rules.js';
import { FeedbackDto, InquiryDto } from './dto/support.dto.js';

// The bodies are the DTO classes of dto/support.dto.ts, checked with the rules of support-rules.ts
// (their messages are the contract).
@ApiTags('support')
@AccountScope()
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
  async send(@CurrentUser() user: AuthUser, @ValidBody() inquiry: InquiryDto) {
    return ok(await this.support.submitInquiry(user, inquiryInputOf(inquiry)), SUPPORT_MESSAGES.sent);
  }

  @Post('sys/feedback')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send feedback to the team (stored, then mailed to SUPPORT_EMAIL like an inquiry)' })
  async feedback(@CurrentUser() user: AuthUser, @ValidBody() feedback: FeedbackDto) {
    return ok(await this.support.submitFeedback(user, feedback.text), SUPPORT_MESSAGES.feedbackSent);
  }
}
