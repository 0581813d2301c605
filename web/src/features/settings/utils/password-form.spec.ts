import { describe, expect, it } from '@jest/globals';
import { CURRENT_PASSWORD_REQUIRED, passwordFormErrors } from './password-form';

describe('passwordFormErrors', () => {
  it('accepts a valid change', () => {
    expect(passwordFormErrors({ currentPassword: 'Oldpass1', newPassword: 'Newpass2', confirmPassword: 'Newpass2' })).toEqual({});
  });
  it('requires every field', () => {
    expect(passwordFormErrors({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: CURRENT_PASSWORD_REQUIRED,
      newPassword: 'Invalid password',
      confirmPassword: 'Passwords do not match.',
    });
  });
  it('refuses a weak new password', () => {
    expect(passwordFormErrors({ currentPassword: 'Oldpass1', newPassword: 'short', confirmPassword: 'short' }).newPassword).toBe('Invalid password');
    expect(passwordFormErrors({ currentPassword: 'Oldpass1', newPassword: 'nocapital1', confirmPassword: 'nocapital1' }).newPassword).toBe('Invalid password');
  });
  it('refuses the current password as the new one', () => {
    expect(passwordFormErrors({ currentPassword: 'Samepass1', newPassword: 'Samepass1', confirmPassword: 'Samepass1' })).toEqual({
      newPassword: 'Please enter a password different than the current one',
    });
  });
  it('uses the settings wording for a mismatch', () => {
    expect(passwordFormErrors({ currentPassword: 'Oldpass1', newPassword: 'Newpass2', confirmPassword: 'Newpass3' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });
});
