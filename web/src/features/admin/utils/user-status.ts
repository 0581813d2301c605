// How a user's status reads on Manage Users (spec 02: 1 activated, 0 deactivated). Pure.

export interface StatusBadge {
  label: 'Activated' | 'Deactivated';
  color: 'teal' | 'red';
}

// The badge that says the current state, green only when the user can sign in.
export function statusBadge(status: number): StatusBadge {
  return status === 1 ? { label: 'Activated', color: 'teal' } : { label: 'Deactivated', color: 'red' };
}

export interface StatusButton {
  target: 1 | 0;
  // spec 02: the button of the current state reads Activated/Deactivated and is greyed; the other Active/Deactivate
  label: 'Activated' | 'Active' | 'Deactivated' | 'Deactivate';
  current: boolean;
  // the colour of the button that can be pressed: never green, which would read as the state
  color: 'gray' | 'brand' | 'red';
}

export function statusButtons(status: number): [StatusButton, StatusButton] {
  const active = status === 1;
  return [
    { target: 1, label: active ? 'Activated' : 'Active', current: active, color: active ? 'gray' : 'brand' },
    { target: 0, label: active ? 'Deactivate' : 'Deactivated', current: !active, color: active ? 'red' : 'gray' },
  ];
}
