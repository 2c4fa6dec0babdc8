import {Settings} from 'lucide-react';
import {usePageTitle} from '../ui/page-title.ts';
import {AuthFrame} from '../login/AuthFrame.tsx';
import * as m from '../paraglide/messages.js';

/** Spec §2 "maintenance": a spinning gear, under construction, back soon. */
export function MaintenancePage() {
  usePageTitle(m.maintenance_title());
  return (
    <AuthFrame>
      <div className="py-6 text-center" data-testid="maintenance">
        <Settings
          className="mx-auto size-16 animate-spin text-brand-600 [animation-duration:4s] motion-reduce:animate-none"
          aria-hidden
        />
        <h1 className="mt-6 text-2xl font-semibold text-slate-900">{m.maintenance_title()}</h1>
        <p className="mt-2 text-slate-500">{m.maintenance_text()}</p>
      </div>
    </AuthFrame>
  );
}
