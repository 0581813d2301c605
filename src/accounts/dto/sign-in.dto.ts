import { EMAIL_MAX, SIGN_IN_PASSWORD_MAX, emailError, rememberMeError, signInPasswordError } from '../../shared/account-rules.js';
import { Field, OptionalField } from '../../common/validation/rule.decorator.js';
import { Trimmed } from '../../common/validation/transforms.js';

// The sign-in body: described for /api/docs and checked by class-validator with the shared
// account rules (src/shared/account-rules.ts) before the local strategy sees the credentials.
export class SignInDto {
  @Field({ example: 'ann@example.com', maxLength: EMAIL_MAX }, (v) => emailError(v))
  @Trimmed()
  email: string;

  @Field({ example: 'Secret123', minLength: 1, maxLength: SIGN_IN_PASSWORD_MAX }, (v) => signInPasswordError(v))
  password: string;

  @OptionalField({ type: Boolean, description: 'Keep the session cookie for 30 days instead of until the browser closes.' }, rememberMeError)
  rememberMe?: boolean | null;
}
