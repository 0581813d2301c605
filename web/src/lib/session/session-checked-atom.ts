import { atom } from 'jotai';

// False until the server has answered the session check of this page load.
export const sessionCheckedAtom = atom(false);
