import 'reflect-metadata';
import { checkBody as check } from '../../common/validation/input-check.fixtures.js';
import { SUPPORT_MESSAGES as M, inquiryInputOf } from '../support-rules.js';
import { FeedbackDto, InquiryDto } from './support.dto.js';

const ID = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describe('support bodies', () => {
  it('reads an inquiry as the form sends it', async () => {
    const { value } = await check(InquiryDto, { type: 'bug / issues', message: '  it broke \r\n ', snippetId: ID.toUpperCase(), attachments: [ID], role: 'admin' });
    expect(inquiryInputOf(value!)).toEqual({ type: 'Bug / Issues', message: 'it broke', snippetId: ID, attachments: [ID] });
    expect(value).not.toHaveProperty('role');
  });

  it('names every bad field in form order', async () => {
    const { errors } = await check(InquiryDto, { type: 'Other', message: ' ', snippetId: 'nope', attachments: [1] });
    expect(Object.entries(errors)).toEqual([
      ['type', M.type],
      ['message', M.messageRequired],
      ['snippetId', M.snippetInvalid],
      ['attachments', M.attachmentInvalid],
    ]);
    expect((await check(InquiryDto, undefined)).errors).toEqual({ type: M.type, message: M.messageRequired });
  });

  it('wants feedback text', async () => {
    expect((await check(FeedbackDto, { text: ' nice ' })).value?.text).toBe('nice');
    expect((await check(FeedbackDto, { text: ' \n ' })).errors).toEqual({ text: M.feedbackBlank });
    expect((await check(FeedbackDto, { text: 'y'.repeat(5001) })).errors).toEqual({ text: M.feedbackTooLong });
  });
});
