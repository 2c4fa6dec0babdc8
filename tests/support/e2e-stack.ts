import {PORT_VARIABLES, type Ports} from '../../server/config.ts';

/** The e2e stack runs on the dev ports + 200 (each overridable with E2E_<VARIABLE>), beside `npm start`. */
export function e2ePorts(): Ports {
  const entries = Object.entries(PORT_VARIABLES).map(([name, {env, fallback}]) => [
    name,
    Number(process.env[`E2E_${env}`] ?? fallback + 200),
  ]);
  return Object.fromEntries(entries) as Ports;
}
