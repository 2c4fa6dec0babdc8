import type {SessionInfo} from '../session.ts';

/** What a public page (app/public-pages.ts) is drawn with: the session, and the parameters of its path. */
export type PublicPageProps = {session: SessionInfo; params: Record<string, string>};
