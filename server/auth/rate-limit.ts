import type {Sql} from '../db/sql.ts';
import {pgLimiter} from '../http/rate-limiter.ts';
import type {Mailer} from './delivery/index.ts';

const MINUTES_15 = 15 * 60;
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/**
 * How often each thing may happen. Every count lives in Postgres (rate_limit), so it is shared by
 * every API process and kept across restarts. Windows start with a key's first use, except the
 * system's total, which counts calendar days (UTC) so that the office hears about it once a day.
 */
export type Limits = {
  /** Code requests per phone number or email (and Google sign-ins per account), per 15 minutes. */
  codeRequestsPerTarget: number;
  /** Code requests per client address, per 15 minutes. */
  codeRequestsPerIP: number;
  /** Code requests for one phone number per 24 hours, staff or self-user, matched or not. */
  callsPerNumberPerDay: number;
  /** Calls to one ticket's self-user per 24 hours, whichever of its numbers they go to (and its email verification's mails). */
  callsPerTicketPerDay: number;
  /** Calls and WhatsApp messages through the phone provider per day, in all. */
  callsPerDay: number;
  /** Failed codes per staff account or ticket within 24 hours that lock its sign-in for 24 hours. */
  failuresBeforeLockout: number;
  /** Public candidate forms per client address per hour. */
  candidateFormsPerIP: number;
  /** Duplicate lookups (new-card screen) per signed-in user per hour. */
  duplicateLookupsPerHour: number;
  /** Public benefit-card checks per client address, per 15 minutes. */
  bonusChecksPerIP: number;
  /** Invitation links opened or answered per client address, per 15 minutes. */
  invitationsPerIP: number;
};

export const DEFAULT_LIMITS: Limits = {
  codeRequestsPerTarget: 5,
  codeRequestsPerIP: 30,
  callsPerNumberPerDay: 10,
  callsPerTicketPerDay: 5,
  callsPerDay: 1000,
  failuresBeforeLockout: 10,
  candidateFormsPerIP: 20,
  duplicateLookupsPerHour: 60,
  bonusChecksPerIP: 30,
  invitationsPerIP: 30,
};

/** The limits an operator may change, and their environment variables (README). */
const ENV_VARIABLES = {
  callsPerNumberPerDay: 'CALLS_PER_NUMBER_PER_DAY',
  callsPerTicketPerDay: 'CALLS_PER_TICKET_PER_DAY',
  callsPerDay: 'CALLS_PER_DAY',
  failuresBeforeLockout: 'CODE_FAILURES_BEFORE_LOCKOUT',
} satisfies Partial<Record<keyof Limits, string>>;

/** The limits set in the environment; a value that is not a positive whole number stops the start. */
export function limitsFromEnv(env: NodeJS.ProcessEnv): Partial<Limits> {
  const limits: Partial<Limits> = {};
  for (const [key, variable] of Object.entries(ENV_VARIABLES) as Array<[keyof Limits, string]>) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${variable}=${raw} is not a positive whole number`);
    limits[key] = Number(raw);
  }
  return limits;
}

/** Whose sign-in a failed code counts against: a staff account or a ticket's self-user. */
export type Owner = `user:${string}` | `ticket:${string}`;

/** The UTC day a total is counted under. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Every limit the API enforces, over Postgres. `scope` prefixes the keys (tests give each API its own
 * counts); the office is told by mail when the day's calls run out.
 */
export function createLimits(
  sql: Sql,
  options: Partial<Limits> & {scope?: string},
  office: {mailer: Mailer; officeEmail: string},
) {
  const limits = {...DEFAULT_LIMITS, ...options};
  const limiter = (name: string, points: number, seconds: number) =>
    pgLimiter(sql, {name: `${options.scope ?? ''}${name}`, points, seconds});
  const byTarget = limiter('code-target', limits.codeRequestsPerTarget, MINUTES_15);
  const byIP = limiter('code-ip', limits.codeRequestsPerIP, MINUTES_15);
  const byNumber = limiter('calls-number', limits.callsPerNumberPerDay, DAY);
  const byTicket = limiter('calls-ticket', limits.callsPerTicketPerDay, DAY);
  // A day's key lives two days so that it outlasts its day whenever its first call came.
  const total = limiter('calls-day', limits.callsPerDay, 2 * DAY);
  const alerts = limiter('calls-day-alert', 1, 2 * DAY);
  const failures = limiter('code-failures', limits.failuresBeforeLockout, DAY);
  const lockouts = limiter('lockout', 1, DAY);
  const forms = limiter('candidate-form', limits.candidateFormsPerIP, HOUR);
  const lookups = limiter('duplicates', limits.duplicateLookupsPerHour, HOUR);
  const bonusChecks = limiter('bonus-check', limits.bonusChecksPerIP, MINUTES_15);
  const invitations = limiter('invitation', limits.invitationsPerIP, MINUTES_15);

  /** One mail a day, whichever process gets there first (the alert's key is taken in Postgres). */
  async function alertOffice() {
    const day = today();
    if (!(await alerts.consume(day))) return;
    try {
      await office.mailer.send({
        to: office.officeEmail,
        subject: 'קשר: הגיעה המכסה היומית של שיחות הכניסה · Kesher: daily sign-in call cap reached',
        text:
          `היום (${day}, UTC) יצאו ${limits.callsPerDay} שיחות והודעות כניסה, המכסה היומית (CALLS_PER_DAY). ` +
          'שיחות נוספות נדחות עד מחר; כניסה בדוא״ל עדיין פועלת. אם זה לא צפוי, ייתכן שמישהו מנצל את המערכת ' +
          'לשיחות: בדקו את יומן הכניסות (auth_event).\n\n' +
          `Today (${day}, UTC) ${limits.callsPerDay} sign-in calls and messages went out, the daily cap (CALLS_PER_DAY). ` +
          'Further calls are refused until tomorrow; email sign-in still works. If this is unexpected, someone ' +
          'may be pumping calls: check the users log (auth_event).',
      });
    } catch (error) {
      console.error('the daily call cap alert could not be mailed:', (error as Error).message);
      await alerts.reset(day); // the next refusal tries again
    }
  }
  const alertInBackground = () =>
    void alertOffice().catch((error: Error) => console.error('daily call cap alert failed:', error.message));

  return {
    /** A code request for this phone or email from this address (15-minute windows); counts it. */
    allowCodeRequest: async (target: string, ip: string) => {
      const [targetOK, ipOK] = await Promise.all([byTarget.consume(target), byIP.consume(ip)]);
      return targetOK && ipOK;
    },
    /** A call or message to this number today; counts it whether or not the number is known. */
    allowCallTo: (phone: string) => byNumber.consume(phone),
    /** A call (or an email verification's mail) to this ticket's self-user today; counts it. */
    allowTicketCall: (profileID: string) => byTicket.consume(profileID),
    /** True once the day's calls are used up: nobody is called until tomorrow (the office is alerted, once). */
    callsUnavailable: async () => {
      const out = await total.exhausted(today());
      if (out) alertInBackground();
      return out;
    },
    /** Counts a call about to be placed; false when the day's cap refuses it. The call that reaches the cap alerts the office. */
    admitCall: async () => {
      const day = today();
      const admitted = await total.consume(day);
      if (!admitted || (await total.exhausted(day))) alertInBackground();
      return admitted;
    },
    /** True while the owner's sign-in is locked after too many failed codes. */
    locked: (owner: Owner) => lockouts.exhausted(owner),
    /** Counts a failed code; true when this failure locks the owner's sign-in (for 24 hours). */
    codeFailed: async (owner: Owner) => {
      await failures.consume(owner);
      if (!(await failures.exhausted(owner))) return false;
      await failures.reset(owner);
      return lockouts.consume(owner);
    },
    /** A successful sign-in forgets the owner's failures. */
    signedIn: (owner: Owner) => failures.reset(owner),
    /** A public candidate form from this address; counts it. */
    allowCandidateForm: (ip: string) => forms.consume(ip),
    /** A duplicate lookup by this user; counts it. */
    allowDuplicateLookup: (userID: string) => lookups.consume(userID),
    /** A public benefit-card check from this address; counts it. */
    allowBonusCheck: (ip: string) => bonusChecks.consume(ip),
    /** An invitation link opened or answered from this address; counts it. */
    allowInvitation: (ip: string) => invitations.consume(ip),
  };
}

export type ApiLimits = ReturnType<typeof createLimits>;
