/** The shortest password anyone may choose (issue 30); the server also refuses guessable ones (zxcvbn). */
export const PASSWORD_MIN = 10;
