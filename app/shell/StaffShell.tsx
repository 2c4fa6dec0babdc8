import {ZeroProvider} from '@rocicorp/zero/react';
import type {AppZero} from '../zero.ts';
import {KeptOutlet} from './KeptOutlet.tsx';
import {pageOf} from './pages.tsx';
import {Shell} from './Shell.tsx';

/**
 * The staff's frame: Zero's provider, the shell and its kept pages, the candidate list (the first screen)
 * among them. The router fetches this code only for a session that may enter (issue 35): the public pages
 * never load Zero or the shell.
 */
export function StaffShell({zero}: {zero: AppZero}) {
  return (
    <ZeroProvider zero={zero}>
      <Shell>
        <KeptOutlet page={pageOf} />
      </Shell>
    </ZeroProvider>
  );
}
