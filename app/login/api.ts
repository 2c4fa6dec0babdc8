/** The sign-in calls (spec §7) as the /login page makes them: JSON in, JSON or a typed error out. */
export type CallResult<T> =
  {ok: true; data: T} | {ok: false; error: string; message: string; issues?: Array<{field: string; message: string}>};

export async function call<T>(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<CallResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : {'content-type': 'application/json'},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await response.json().catch(() => null)) as unknown;
    if (response.ok) return {ok: true, data: data as T};
    const failure = data as {error?: string; message?: string; issues?: unknown} | null;
    return {
      ok: false,
      error: failure?.error ?? 'unknown',
      message: failure?.message ?? `HTTP ${response.status}`,
      ...(Array.isArray(failure?.issues) ? {issues: failure.issues as Array<{field: string; message: string}>} : {}),
    };
  } catch {
    return {ok: false, error: 'network', message: 'network error'};
  }
}

export type SignedInUser = {
  ID: string;
  Name: string;
  Gender: 'male' | 'female';
  permissions: string[];
  declarationAcceptedOn: string | null;
  /** The server's verdict: the declaration must be accepted before anything else. */
  declarationDue: boolean;
  /** The commitment form is still to sign (after the declaration): /user-agreement/{ID} instead of the notices. */
  agreementDue: boolean;
};
export type AdminNotification = {id: string; title: string; body: string};
