import { Field } from '../../common/validation/rule.decorator.js';
import { TOKEN_NAME_MAX, checkTokenName } from '../../api-credentials/api-token-rules.js';

// POST api-tokens: described for /api/docs and checked by class-validator with the rule of
// api-token-rules.ts (the service stores the name as that rule reads it: trimmed, spaces joined).
export class CreateTokenDto {
  @Field({ type: String, minLength: 1, maxLength: TOKEN_NAME_MAX, description: 'such as the tool that will use it' }, (name) => {
    const checked = checkTokenName(name);
    return 'error' in checked ? checked.error : null;
  })
  name: string;
}
