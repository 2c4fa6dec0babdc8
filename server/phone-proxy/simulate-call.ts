/**
 * `npm run simulate-call -- --phone <shadchan phone> [--caller <number>] [--duration <seconds>]`
 * (development): posts a signed "call ended" event to the running API server, exactly as the phone
 * provider would, so the shadchan's open browser asks about it. Signs with PHONE_PROXY_SECRET, or the
 * secret `npm start` generated in the data folder. Without --caller the caller is a number no card lists.
 */
import {readOptions, stop} from '../cli.ts';
import {dataDir, reachableHost, readPorts} from '../config.ts';
import {PHONE_EVENTS_PATH} from './event-routes.ts';
import {signedCallEvent, simulatorSecret} from './simulate.ts';

const USAGE = 'usage: npm run simulate-call -- --phone <shadchan phone> [--caller <number>] [--duration <seconds>]';

const values = readOptions(USAGE, ['phone', 'caller', 'duration'], ['phone']);
const duration = values.duration === undefined ? undefined : Number(values.duration);
if (duration !== undefined && !(Number.isInteger(duration) && duration >= 0)) stop(`--duration must be whole seconds\n${USAGE}`);

const secret = simulatorSecret(dataDir());
if (!secret) stop('no PHONE_PROXY_SECRET and none in the data folder: start the development stack (npm start) first, or set it');

const {body, headers} = signedCallEvent(secret, {
  shadchanPhone: values.phone,
  callerNumber: values.caller ?? `+9723555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
  durationSeconds: duration,
});
const url = `http://${reachableHost()}:${readPorts().api}${PHONE_EVENTS_PATH}`;
try {
  const res = await fetch(url, {method: 'POST', headers, body});
  const answer = await res.text();
  if (!res.ok) stop(`${url} answered ${res.status}: ${answer}`);
  console.log(`call posted (${JSON.parse(body).durationSeconds} s): ${answer}`);
} catch (err) {
  stop(`cannot reach the API server at ${url} (is npm start running?): ${String(err)}`);
}
