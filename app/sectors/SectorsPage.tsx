import {useQuery} from '@rocicorp/zero/react';
import {useState} from 'react';
import {currentLocale} from '../i18n.ts';
import {labelOf} from '../lookups.ts';
import {mutators} from '../mutators.ts';
import {lookupQueries} from '../lookups.ts';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {OrderedList} from './OrderedList.tsx';
import {CommunityDialog, SectorDialog} from './PlaceDialogs.tsx';
import * as m from '../paraglide/messages.js';

/**
 * sectors (spec §2; issue 13), guarded by editSchools: the sectors and the communities the cards choose
 * from. Add, rename, order, retire (kept on old cards, marked, and offered for no new choice).
 */
export function SectorsPage() {
  usePageTitle(m.section_sectors());
  const locale = currentLocale();
  const [sectors, sectorsResult] = useQuery(lookupQueries.sectors());
  const [communities, communitiesResult] = useQuery(lookupQueries.communities());
  const [editingSector, setEditingSector] = useState<string | 'new'>();
  const [editingCommunity, setEditingCommunity] = useState<string | 'new'>();

  return (
    <section className="space-y-5" data-testid="sectors-page">
      <PageHeader title={m.section_sectors()} subtitle={m.sectors_subtitle()} />
      {/* grid-cols-1: a track no wider than the screen, whatever the longest name (each row truncates it). */}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <OrderedList
          title={m.sectors_title()}
          testID="sectors"
          rows={sectors.map(s => ({id: s.id, name: labelOf(s.labels, locale), retiredAt: s.retiredAt}))}
          loading={sectorsResult.type !== 'complete'}
          reorder={ids => mutators.sectors.reorder({ids})}
          retire={mutators.sectors.retire}
          onAdd={() => setEditingSector('new')}
          onEdit={setEditingSector}
        />
        <OrderedList
          title={m.communities_title()}
          testID="communities"
          rows={communities}
          loading={communitiesResult.type !== 'complete'}
          reorder={ids => mutators.communities.reorder({ids})}
          retire={mutators.communities.retire}
          onAdd={() => setEditingCommunity('new')}
          onEdit={setEditingCommunity}
        />
      </div>
      {editingSector && (
        <SectorDialog sector={sectors.find(s => s.id === editingSector)} onClose={() => setEditingSector(undefined)} />
      )}
      {editingCommunity && (
        <CommunityDialog
          community={communities.find(c => c.id === editingCommunity)}
          onClose={() => setEditingCommunity(undefined)}
        />
      )}
    </section>
  );
}
