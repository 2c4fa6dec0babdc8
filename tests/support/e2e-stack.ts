import {readPorts, type Ports} from '../../server/config.ts';

/**
 * The e2e stack runs on the default ports + 200, beside a dev `npm start` and the bench (+100).
 * E2E_PORT_OFFSET moves it, so two checkouts can run their browser tests side by side.
 */
export const e2ePorts = (): Ports => readPorts({}, Number(process.env.E2E_PORT_OFFSET ?? 200));
