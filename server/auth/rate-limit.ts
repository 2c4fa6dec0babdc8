import {RateLimiterMemory} from 'rate-limiter-flexible';

/**
 * Code requests per target (phone or email) and per IP address. In memory: one API process serves
 * the app, and a restart forgets at most a quarter of an hour of history.
 */
export function codeRequestLimits(perTarget = 5, perIP = 30, windowSeconds = 15 * 60) {
  const byTarget = new RateLimiterMemory({points: perTarget, duration: windowSeconds, keyPrefix: 'target'});
  const byIP = new RateLimiterMemory({points: perIP, duration: windowSeconds, keyPrefix: 'ip'});
  /** True when this request may go ahead (and counts it). */
  return async (target: string, ip: string): Promise<boolean> => {
    try {
      await Promise.all([byTarget.consume(target), byIP.consume(ip)]);
      return true;
    } catch {
      return false;
    }
  };
}

/**
 * Candidate forms sent through a shadchan's public link, per IP address: every submission counts, so
 * the link cannot be used to flood the pending queue.
 */
export function candidateFormLimit(perIP = 20, windowSeconds = 60 * 60) {
  const byIP = new RateLimiterMemory({points: perIP, duration: windowSeconds, keyPrefix: 'candidate-form'});
  /** True when this submission may go ahead (and counts it). */
  return async (ip: string): Promise<boolean> => {
    try {
      await byIP.consume(ip);
      return true;
    } catch {
      return false;
    }
  };
}
