import {createServer} from 'node:net';
import {PORT_VARIABLES, type Ports} from '../config.ts';

function isFree(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const server = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => server.close(() => resolve(true)))
      .listen(port);
  });
}

/**
 * Checks every port before anything starts. zero-cache also uses its port + 1. Throws one message that
 * names each taken port and the variable that moves it.
 */
export async function assertPortsFree(ports: Ports, skip: ReadonlyArray<keyof Ports> = []) {
  const wanted: Array<{port: number; variable: string}> = [];
  for (const [name, {env}] of Object.entries(PORT_VARIABLES) as Array<[keyof Ports, {env: string}]>) {
    if (skip.includes(name)) continue;
    wanted.push({port: ports[name], variable: env});
    if (name === 'zero') wanted.push({port: ports.zero + 1, variable: `${env} (zero-cache also uses ${env}+1)`});
  }
  const taken = [];
  for (const w of wanted) if (!(await isFree(w.port))) taken.push(w);
  if (taken.length > 0) {
    const lines = taken.map(t => `  port ${t.port} is already in use — set ${t.variable} to another port`);
    throw new Error(`Cannot start: \n${lines.join('\n')}\n(Is another \`npm start\` running?)`);
  }
}
