import {AlertCircle, LoaderCircle} from 'lucide-react';
import * as m from '../paraglide/messages.js';

/** The check on its way (the public check and the card page): a spinner and its words. */
export function CheckLoading() {
  return (
    <p className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500" data-testid="bonus-loading">
      <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden />
      {m.bonus_check_loading()}
    </p>
  );
}

/** The server's refusal (§8): in red, with an exclamation mark. */
export function CheckError({message}: {message: string}) {
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-xl bg-rose-50 px-4 py-3 font-semibold text-rose-700 ring-1 ring-rose-200"
      data-testid="bonus-error"
    >
      <AlertCircle className="size-7 shrink-0" aria-hidden />
      {message}
    </p>
  );
}
