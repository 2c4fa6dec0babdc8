// `npm install`'s postinstall: builds zero-cache's bundle ahead (zero-bundle.ts), so an install the
// service cannot write to (deploy/kesher.service) has it too.
import path from 'node:path';
import {ROOT} from '../config.ts';
import {zeroCacheBundle} from './zero-bundle.ts';

const cli = await zeroCacheBundle(line => console.error(line));
console.log(`zero-cache: ${path.relative(ROOT, cli)}`);
