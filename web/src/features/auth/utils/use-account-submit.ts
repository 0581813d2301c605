// The submit of an account form (sign in, sign up, company sign-up, new password): busy while
// the call runs, then either the form's own next step, or the server's field messages under
// their fields and its message above the form.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSetAtom } from 'jotai';
import type { ApiResult } from '@/lib/api-client';
import { userAtom } from '@/lib/session/user-atom';
import type { User } from '@/lib/session/user';

export interface AccountSubmit<V> {
  loading: boolean;
  // The message above the form, null while there is none.
  failure: string | null;
  submit: (values: V) => Promise<void>;
}

// `done` takes a successful answer and says whether it had what the form needed (an answer
// without it counts as a failure); `failure` is the message the form shows for a failed one.
export function useAccountSubmit<V, T>(
  form: { setErrors: (errors: Record<string, string>) => void },
  call: (values: V) => Promise<ApiResult<T>>,
  outcome: { done: (res: ApiResult<T>) => boolean; failure: (res: ApiResult<T>) => string | null },
): AccountSubmit<V> {
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: V) => {
    setLoading(true);
    setFailure(null);
    const res = await call(values);
    if (res.result && outcome.done(res)) return;
    setLoading(false);
    if (res.errors) form.setErrors(res.errors);
    setFailure(outcome.failure(res));
  };
  return { loading, failure, submit };
}

// Keeps the user the server answered with as the session's and moves on to `path` (replacing
// the form in the history); false when the answer held no user.
export function useEnterAccount(): (res: ApiResult<User>, path: (user: User) => string) => boolean {
  const navigate = useNavigate();
  const setUser = useSetAtom(userAtom);
  return (res, path) => {
    if (!res.body) return false;
    setUser(res.body);
    navigate(path(res.body), { replace: true });
    return true;
  };
}
