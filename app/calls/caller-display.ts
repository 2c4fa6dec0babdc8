import {formatPhone} from '../lib/phones.ts';

/** A caller's number for display, or undefined when it was withheld. */
export const callerDisplay = (e164: string | null | undefined) => (e164 ? formatPhone(e164) : undefined);
