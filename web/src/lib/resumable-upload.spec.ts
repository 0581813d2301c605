import { describe, expect, it } from '@jest/globals';
import { failureMessage } from './resumable-upload';

const response = (status: number, body: string) => ({ getStatus: () => status, getBody: () => body });

describe('resumable upload messages', () => {
  it('shows the server’s message when it answered with the envelope', () => {
    expect(failureMessage(response(413, JSON.stringify({ result: false, message: 'Max video size is 300 MB' })))).toBe('Max video size is 300 MB');
    expect(failureMessage(response(415, JSON.stringify({ result: false, message: 'Please upload .mp4 or .mov file only' })))).toBe(
      'Please upload .mp4 or .mov file only',
    );
  });

  it('falls back to the spec’s message for an answer without one, and to the network message without an answer', () => {
    expect(failureMessage(response(500, 'Internal Server Error'))).toBe('Fail to upload try again');
    expect(failureMessage(response(0, ''))).toBe('We could not reach EyeMail. Please check your connection and try again.');
    expect(failureMessage(null)).toBe('We could not reach EyeMail. Please check your connection and try again.');
  });
});
