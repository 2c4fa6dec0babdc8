import {useQuery} from '@rocicorp/zero/react';
import {ideaQueries} from './queries.ts';
import type {IdeaListArgs} from './schema.ts';

/** The bank's live rows (ideas.bank), and the row type the bank's pieces share. */
export const useIdeaBank = (args: IdeaListArgs) => useQuery(ideaQueries.bank(args));
export type ListedIdea = ReturnType<typeof useIdeaBank>[0][number];
