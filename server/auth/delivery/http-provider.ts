import type {CodeDelivery} from './types.ts';

/**
 * A voice/WhatsApp provider reached over HTTP (PHONE_PROVIDER_URL, PHONE_PROVIDER_TOKEN):
 *   POST {url}/call     {to, from}   ring `to` from `from`, hang up
 *   POST {url}/whatsapp {to, code}   send the code
 *   POST {url}/message  {to, text}   send a text (WhatsApp, or SMS where the number has none): an invitation
 * with `Authorization: Bearer {token}`. Anything but a 2xx is a failed delivery.
 */
export function httpPhoneProvider(url: string, token: string): Pick<CodeDelivery, 'ring' | 'whatsapp' | 'message'> {
  async function post(path: string, body: Record<string, string>) {
    const response = await fetch(new URL(path, url.endsWith('/') ? url : `${url}/`), {
      method: 'POST',
      headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`phone provider ${path}: HTTP ${response.status}`);
  }
  return {
    ring: (to, from) => post('call', {to, from}),
    whatsapp: (to, code) => post('whatsapp', {to, code}),
    message: (to, text) => post('message', {to, text}),
  };
}
