import {Navigate} from '@tanstack/react-router';
import type {ReactNode} from 'react';
import type {SiteKey} from './schema.ts';
import {useSite} from './use-site.ts';

/** A screen behind a site switch (add-shidduch-idea behind the idea bank): home while it is off. */
export function FeatureGate({feature, children}: {feature: SiteKey; children: ReactNode}) {
  const site = useSite();
  if (!site.known) return null;
  return site[feature] ? children : <Navigate to="/home" replace />;
}
