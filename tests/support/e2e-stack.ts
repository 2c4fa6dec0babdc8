import {readPorts, type Ports} from '../../server/config.ts';

/** The e2e stack runs on the default ports + 200, beside a dev `npm start` and the bench (+100). */
export const e2ePorts = (): Ports => readPorts({}, 200);
