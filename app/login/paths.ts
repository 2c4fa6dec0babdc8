/** "Forgot password" (issue 30): the page, and the address the password-changed notice points to. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
