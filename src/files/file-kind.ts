import { InvalidInputError } from '../common/domain-error.js';
import { isFileKind, UPLOAD_MESSAGES, type FileKind } from './upload-rules.js';

// The `type` of an upload or a list: one of the known kinds, else 400.
export function parseFileKind(value: unknown): FileKind {
  if (!isFileKind(value)) throw new InvalidInputError(UPLOAD_MESSAGES.unknownKind, { type: UPLOAD_MESSAGES.unknownKind });
  return value;
}
