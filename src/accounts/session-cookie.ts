// The session cookie's name: set up by the app factory, cleared by sign-out.
export const SESSION_COOKIE = 'eyemail.sid';
