// What the sign-in and sign-up pages' picture of an EyeMail shows. Its button text is one a user
// could really type: the EyeMail form takes button texts of up to 16 characters.
export const EXAMPLE_BUTTON_TEXT = 'Shop the sale';
