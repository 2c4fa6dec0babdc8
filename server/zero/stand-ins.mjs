// Preloaded into zero-cache (server/stack/zero-cache.ts) and inherited by every worker it forks.
//
// Each zero-cache worker imports OpenTelemetry's Node SDK and its auto-instrumentations at load
// (zero-cache/src/server/otel-start.js), whether or not an exporter is configured: about 0.6 s of CPU per
// worker, and a zero-cache starts five workers one after another. otel-start.js uses them only when an
// OTEL_* exporter variable is set (otel/src/enabled.js); when none is, the two packages resolve to a
// stand-in that fails loudly if ever used. A crashed zero-cache then serves again seconds sooner. The hook
// runs in the loading thread (registerHooks): module.register's hooks thread cost more than it saved.
import {registerHooks} from 'node:module';

const EXPORTERS = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
  'OTEL_EXPORTER_OTLP_LOGS_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_METRICS_EXPORTER',
  'OTEL_LOGS_EXPORTER',
  'OTEL_TRACES_EXPORTER',
];

const STAND_IN = `
const off = () => { throw new Error('OpenTelemetry is off: set an OTEL_* exporter variable to use it'); };
export class NodeSDK { constructor() { off(); } }
export const getNodeAutoInstrumentations = off;
`;
const REPLACED = new Set(['@opentelemetry/sdk-node', '@opentelemetry/auto-instrumentations-node']);

if (!EXPORTERS.some(name => process.env[name])) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (!REPLACED.has(specifier)) return nextResolve(specifier, context);
      return {url: `data:text/javascript,${encodeURIComponent(STAND_IN)}`, format: 'module', shortCircuit: true};
    },
  });
}
