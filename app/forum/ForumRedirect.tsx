import {useEffect} from 'react';
import type {PublicPageProps} from '../public/page-props.ts';
import {Loading} from '../ui/Loading.tsx';

/**
 * /forum and /forum/** (spec §2): the forum is another site, so the browser goes there with a full
 * page load, keeping the rest of the path and the query (/forum/topic/12 → {FORUM_URL}/topic/12).
 * Without a configured forum there is nowhere to go: home.
 */
export function ForumRedirect({session, params}: PublicPageProps) {
  const forum = session.links.forum;
  const rest = params['*'] ?? '';
  useEffect(() => {
    location.replace(forum ? `${forum.replace(/\/$/, '')}/${rest}${location.search}` : '/home');
  }, [forum, rest]);
  return <Loading size="screen" />;
}
