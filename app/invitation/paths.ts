/** The page an invitation's link opens (issue 30; app/router.tsx's /invitation/$token). */
export const invitationPath = (token: string) => `/invitation/${token}`;
