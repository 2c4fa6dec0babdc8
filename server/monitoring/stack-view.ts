import type {SystemEvent} from '../../app/admin/system-status.ts';

/**
 * What the monitoring reads of the orchestrator's status file (server/stack/status-file.ts, written by
 * `npm start` on every start, crash and restart). The API server hands in a reader of that file
 * (server/api-server.ts); routes and metrics never import what starts processes. Undefined: the
 * processes run some other way (systemd, one unit each), and only the API knows itself.
 */
export type StackView = {
  processes: ReadonlyArray<{label: string; pid: number; startedAt: number; restarts: number}>;
  events: readonly SystemEvent[];
};
