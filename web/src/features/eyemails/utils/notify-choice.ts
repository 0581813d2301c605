import type { NotifyChoice } from '@/features/eyemails/api/notify-setting';

// Whether the EyeMail form's notification choice differs from what is saved, so saving the form
// saves it too (a new EyeMail follows the account default until told otherwise). Pure.
export function notifyChanged(was: NotifyChoice | null, now: NotifyChoice): boolean {
  if (!was) return !now.inherit;
  if (was.inherit !== now.inherit) return true;
  return !now.inherit && was.events.join() !== now.events.join();
}
