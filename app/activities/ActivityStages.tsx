import {useZero} from '@rocicorp/zero/react';
import {Link, useNavigate} from '@tanstack/react-router';
import {ArrowLeft, ArrowRight, ChevronsRight} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {useConfirm} from '../ui/confirm.tsx';
import {Button} from '../ui/controls.tsx';
import {nextStageOf} from './mutators.ts';
import {activityPath} from './paths.ts';
import {TYPE_LABEL} from './labels.ts';
import type {ActivityType} from './schema.ts';
import * as m from '../paraglide/messages.js';

type Neighbour = {id: string; code?: string | null | undefined; type: ActivityType};

/**
 * A pair's stages around this activity (issue 31): the stage it carries on and the one that carried it
 * on, as links; and, while it has not moved on, "next stage" (idea → suggestion → date → vort), which
 * marks it done and opens the next stage's activity for the same pair.
 */
export function ActivityStages({
  activity,
  mayMoveOn,
}: {
  activity: {id: string; type: ActivityType; status: string; previous?: Neighbour | undefined; next?: Neighbour | undefined};
  mayMoveOn: boolean;
}) {
  const zero = useZero();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [moving, setMoving] = useState(false);
  const next = nextStageOf(activity.type);
  const offered = mayMoveOn && next !== undefined && !activity.next && activity.status !== 'irrelevant';

  async function moveOn() {
    const go = await confirm({
      title: m.activity_next_stage_confirm({stage: TYPE_LABEL[next!]()}),
      description: m.activity_next_stage_detail(),
      confirmLabel: m.activity_next_stage(),
    });
    if (!go) return;
    const nextID = nanoid();
    setMoving(true);
    const outcome = await confirmed(zero.mutate(mutators.activities.nextStage({id: activity.id, nextID})));
    setMoving(false);
    if (!outcome.ok) return void toast.error(outcome.fields.type ?? outcome.message);
    toast.success(m.activity_next_stage_done({stage: TYPE_LABEL[next!]()}));
    void navigate({to: activityPath(nextID)});
  }

  if (!activity.previous && !activity.next && !offered) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-white px-5 py-3 text-sm shadow-sm ring-1 ring-slate-200"
      data-testid="activity-stages"
    >
      {activity.previous && <StageLink to={activity.previous} label={m.activity_stage_previous} icon="back" />}
      {activity.next && <StageLink to={activity.next} label={m.activity_stage_next} icon="on" />}
      {offered && (
        <Button
          variant="secondary"
          className="ms-auto"
          onClick={() => void moveOn()}
          disabled={moving}
          data-testid="activity-next-stage"
        >
          <ChevronsRight className="size-4 rtl:-scale-x-100" aria-hidden />
          {m.activity_next_stage_to({stage: TYPE_LABEL[next!]()})}
        </Button>
      )}
    </div>
  );
}

function StageLink({to, label, icon}: {to: Neighbour; label: () => string; icon: 'back' | 'on'}) {
  const Icon = icon === 'back' ? ArrowRight : ArrowLeft;
  return (
    <Link
      to={activityPath(to.id)}
      className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
      data-testid={icon === 'back' ? 'activity-stage-previous' : 'activity-stage-next'}
    >
      <Icon className="size-4 ltr:-scale-x-100" aria-hidden />
      {label()}: {TYPE_LABEL[to.type]()}
      {to.code && (
        <bdi className="tabular-nums" dir="ltr">
          #{to.code}
        </bdi>
      )}
    </Link>
  );
}
