import { api } from '@/lib/api-client';
import type { Tier, User } from '@/lib/session/user';

export interface SignInPayload {
  email: string;
  password: string;
  rememberMe: boolean;
}

export interface SignUpPayload {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  tier: Tier;
}

export interface CompanySignUpPayload {
  fullName: string;
  email: string;
  password: string;
  companyName: string;
  domain: string;
  department: string;
  inviteCode?: string;
}

export interface ResetPasswordPayload {
  token: string;
  password: string;
  confirmPassword: string;
}

export const accountsApi = {
  signIn: (body: SignInPayload) => api.post<User>('accounts/signin', { body }),
  signUp: (body: SignUpPayload) => api.post<User>('accounts/signup', { body }),
  companySignUp: (body: CompanySignUpPayload) => api.post<User>('accounts/companysignup', { body }),
  forgotPassword: (email: string) => api.post<null>('accounts/forgot-password', { query: { email } }),
  resetPassword: (body: ResetPasswordPayload) => api.put<null>('accounts/reset-password', { body }),
};
