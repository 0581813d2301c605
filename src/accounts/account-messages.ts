// Server messages of the accounts API contract that are not field-validation messages (those
// live in src/shared/account-rules.ts, shared with the dashboard).
export const ACCOUNT_MESSAGES = {
  signInFailed: 'Invalid email or password.',
  tooManySignIns: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  emailTaken: 'An account with this email address already exists.',
  signedUp: 'Your account has been created. Please check your email to verify your address.',
  signedUpMailFailed:
    'Your account has been created, but we could not send the verification email just now. You can ask for a new link from your account.',
  signedIn: 'Signed in successfully.',
  signedOut: 'You have been signed out.',
  notSignedIn: 'Nobody is signed in.',
  // The same for every address, so the answer does not tell whether an account exists.
  resetLinkSent: 'If an account uses this email address, a link to reset your password has been sent to it.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  resetLinkUsed: 'This password reset link has already been used, or a newer one was sent. Ask for a new link if you still need to reset your password.',
  resetLinkExpired: 'This password reset link has expired: links work for one hour. Ask for a new link to reset your password.',
  passwordReset: 'Your password has been reset successfully',
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  emailVerified: 'Your email address has been verified.',
  // A verification link used again while the address is verified (a second click, another device).
  addressAlreadyVerified: 'This address is already verified.',
  verificationSent: 'We have sent you a new verification link.',
  alreadyVerified: 'Your email address is already verified.',
  mailFailed: 'We could not send the email just now. Please try again in a few minutes.',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  currentPasswordWrong: 'Your current password is incorrect.',
  currentPasswordMissing: 'Please enter your current password.',
  invalidInvite: 'This invitation link is not valid.',
} as const;

// A deactivated user cannot reach the support page (it needs a sign-in): the address to write to.
export function deactivatedMessage(supportEmail: string): string {
  return `Your account has been deactivated. Please contact support at ${supportEmail}.`;
}

// Admin status changes (PUT Admin/UpdateUserStatus).
export const STATUS_MESSAGES = {
  noSuchUser: 'No user found with this email address.',
  activated: 'The user has been activated.',
  deactivated: 'The user has been deactivated.',
} as const;
