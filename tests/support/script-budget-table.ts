/**
 * Script budgets (issue 35), read by `npm run check:size` (tests/support/script-budgets.ts, from the build's manifest)
 * and by tests/e2e/script-weight.spec.ts (what chromium fetches when it opens each public page).
 */
export type Budget = {
  page: string;
  modules: string[];
  kB: number;
  target: number;
  /** A path the browser check opens without signing in (pages that need a session have none). */
  open?: string;
};

/**
 * Every public page (app/public-pages.ts) and the first staff screen, the modules they fetch, and each page's
 * budget in kB of gzip: `kB` is enforced, what the page weighs today with a little room (or the target, where it is
 * met), so a page that grows fails; `target` is issue 35's aim (docs/performance.md says what is left). Lower `kB`
 * as pages shrink.
 */
export const BUDGETS: Budget[] = [
  {page: '/login', modules: ['login/LoginPage.tsx'], kB: 100, target: 100, open: '/login'},
  {page: '/forgot-password', modules: ['login/ForgotPasswordPage.tsx'], kB: 100, target: 100, open: '/forgot-password'},
  {
    page: '/invitation/{token}',
    modules: ['invitation/InvitationPage.tsx'],
    kB: 100,
    target: 100,
    open: '/invitation/no-such-token',
  },
  {page: '/user-agreement/{id}', modules: ['agreement/AgreementPage.tsx'], kB: 100, target: 100},
  {page: '/self-user/login', modules: ['self-user/SelfLoginPage.tsx'], kB: 100, target: 100, open: '/self-user/login'},
  {page: '/self-user/home', modules: ['self-user/SelfHomePage.tsx'], kB: 100, target: 100},
  {page: '/self-user/verify-phone', modules: ['self-user/SelfVerifyPhonePage.tsx'], kB: 100, target: 100},
  {page: '/self-user/verify-email', modules: ['self-user/SelfVerifyEmailPage.tsx'], kB: 100, target: 100},
  {
    page: '/add-people/{id}, /register/{token}',
    modules: ['candidates/public/CandidateFormPage.tsx'],
    kB: 100,
    target: 100,
    open: '/add-people/demo-shadchan',
  },
  {
    page: '/bonuses/check-validation',
    modules: ['benefit-cards/CheckValidationPage.tsx'],
    kB: 100,
    target: 100,
    open: '/bonuses/check-validation',
  },
  {page: '/bonuses/card', modules: ['benefit-cards/BonusCardPage.tsx'], kB: 100, target: 100, open: '/bonuses/card'},
  {page: '/privacy-and-terms', modules: ['public/PrivacyPage.tsx'], kB: 100, target: 100, open: '/privacy-and-terms'},
  {page: '/maintenance', modules: ['public/MaintenancePage.tsx'], kB: 100, target: 100, open: '/maintenance'},
  // The first staff screen: the router, Zero's client (main.tsx), the shell and the candidate list (StaffShell).
  {page: '/home', modules: ['router.tsx', 'zero.ts', 'shell/StaffShell.tsx'], kB: 330, target: 250},
];
