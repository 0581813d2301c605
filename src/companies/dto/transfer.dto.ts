import { Field } from '../../common/validation/rule.decorator.js';
import { isUuid } from '../../shared/uuid.js';

export const TRANSFER_MESSAGE = 'Choose the admin who becomes the owner.';

export class TransferDto {
  @Field({ format: 'uuid', description: "The new owner's user id: an admin of the company" }, (v) => (isUuid(v) ? null : TRANSFER_MESSAGE))
  userId: string;
}
