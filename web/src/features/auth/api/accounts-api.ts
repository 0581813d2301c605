import { tierToApi } from '@shared/account-rules';
import { api } from '@/lib/api-client';
import type { ApiUser, Tier } from '@/lib/session/user';
import { withUser } from '@/lib/session/session-api';

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
  signIn: (body: SignInPayload) => withUser(api.post<ApiUser>('accounts/signin', { body })),
  // The tier goes out by its API name (standard = Premium, enterprise = Express).
  signUp: (body: SignUpPayload) => withUser(api.post<ApiUser>('accounts/signup', { body: { ...body, tier: tierToApi(body.tier) } })),
  companySignUp: (body: CompanySignUpPayload) => withUser(api.post<ApiUser>('accounts/companysignup', { body })),
  forgotPassword: (email: string) => api.post<null>('accounts/forgot-password', { query: { email } }),
  resetPassword: (body: ResetPasswordPayload) => api.put<null>('accounts/reset-password', { body }),
};
