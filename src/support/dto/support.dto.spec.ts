import 'reflect-metadata';
import { InvalidInputError } from '../../common/domain-error.js';
import { INPUT_PIPE } from '../../common/validation/input.pipe.js';
import { SUPPORT_MESSAGES as M, inquiryInputOf } from '../support-rules.js';
import { FeedbackDto, InquiryDto } from './support.dto.js';

const ID = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';

async function check<T>(cls: new () => T, sent: unknown): Promise<{ value: T | null; errors: Record<string, string> }> {
  try {
    return { value: (await INPUT_PIPE.transform(sent, { type: 'body', metatype: cls, data: undefined })) as T, errors: {} };
  } catch (e) {
    if (e instanceof InvalidInputError) return { value: null, errors: e.fieldErrors ?? {} };
    throw e;
  }
}

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
