/** A call's length as people read it: 0:42, 5:12, 1:02:05. */
export function formatDuration(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * The new activity for a call (the URL the activity form reads, see the helpers' shared contract): the
 * card when the user may see it, the caller's number, the length and the call to link.
 */
export function newActivityForCall(call: {
  peopleID: string | null;
  callerNumber: string | null;
  callDuration: number;
  phoneCallID: string;
}): string {
  const search = new URLSearchParams();
  if (call.peopleID) search.set('profile', call.peopleID);
  if (call.callerNumber) search.set('callerNumber', call.callerNumber);
  search.set('callDuration', String(call.callDuration));
  search.set('phoneCall', call.phoneCallID);
  return `/dashboard/activity/edit/new?${search}`;
}

/** The new activity for a listed call (a phoneCall row with its visible card). */
export const newActivityForRow = (call: {
  id: string;
  profile?: {id: string} | undefined;
  callerNumber?: string | null | undefined;
  durationSeconds: number;
}) =>
  newActivityForCall({
    peopleID: call.profile?.id ?? null,
    callerNumber: call.callerNumber ?? null,
    callDuration: call.durationSeconds,
    phoneCallID: call.id,
  });
