/** The paths of the account pages, linked from the sign-in page and the mailed links. */
export const ACCOUNT_PAGE_PATHS = {
  signUp: '/oauth/signup',
  confirmEmail: '/oauth/confirm-email',
  resendConfirmation: '/oauth/confirm-email/resend',
  forgotPassword: '/oauth/forgot-password',
  resetPassword: '/oauth/reset-password',
} as const;
