import {Navigate, useParams, useRouteContext} from '@tanstack/react-router';
import {useEffect} from 'react';
import {Loading} from '../ui/Loading.tsx';

/**
 * /forum and /forum/** (spec §2): the forum is another site, so the browser goes there with a full
 * page load, keeping the rest of the path and the query (/forum/topic/12 → {FORUM_URL}/topic/12).
 * Without a configured forum there is nowhere to go: home.
 */
export function ForumRedirect() {
  const {session} = useRouteContext({from: '__root__'});
  const {_splat: rest = ''} = useParams({strict: false});
  const forum = session.links.forum;
  useEffect(() => {
    if (forum) location.replace(`${forum.replace(/\/$/, '')}/${rest}${location.search}`);
  }, [forum, rest]);
  if (!forum) return <Navigate to="/home" replace />;
  return <Loading size="screen" />;
}
