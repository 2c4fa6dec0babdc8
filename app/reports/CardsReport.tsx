import {currentLocale} from '../i18n.ts';
import {genderLabel} from '../candidates/labels.ts';
import {ChartPanel, Figures, GENDER_COLOUR, GroupBars} from './charts.tsx';
import {groupName} from './labels.ts';
import type {CardsReport as Report, GenderCounts} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** The live cards the user sees by sector, community and age, each split by gender. */
export function CardsReport({report}: {report: Report}) {
  const locale = currentLocale();
  const sectors = report.sectors.map(s => ({...s, name: groupName({dimension: 'sector', ...s}, locale)}));
  const communities = report.communities.map(c => ({...c, name: groupName({dimension: 'community', ...c}, locale)}));
  const ages = report.ages.map(a => ({...a, name: String(a.age)}));
  const total = sectors.reduce((sum, s) => sum + s.male + s.female, 0);
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600" data-testid="report-cards-total">
        {m.report_cards_total({count: total})}
      </p>
      <GenderPanel title={m.report_cards_by_sector()} testid="report-sectors" groups={sectors} />
      <GenderPanel title={m.report_cards_by_community()} testid="report-communities" groups={communities} />
      <GenderPanel title={m.report_cards_by_age()} hint={m.report_cards_age_hint()} testid="report-ages" groups={ages} columns />
    </div>
  );
}

function GenderPanel({
  title,
  hint,
  testid,
  groups,
  columns,
}: {
  title: string;
  hint?: string;
  testid: string;
  groups: Array<GenderCounts & {name: string}>;
  columns?: boolean;
}) {
  const series = (['male', 'female'] as const).map(key => ({key, label: genderLabel[key](), colour: GENDER_COLOUR[key]}));
  return (
    <ChartPanel
      title={title}
      hint={hint}
      empty={groups.length === 0}
      testid={testid}
      table={
        <Figures
          label={title}
          testid={`${testid}-table`}
          headings={[m.report_group(), genderLabel.male(), genderLabel.female(), m.report_total()]}
          rows={groups.map(g => ({key: g.name, name: <bdi>{g.name}</bdi>, counts: [g.male, g.female, g.male + g.female]}))}
        />
      }
    >
      <GroupBars data={groups} series={series} columns={columns} />
    </ChartPanel>
  );
}
