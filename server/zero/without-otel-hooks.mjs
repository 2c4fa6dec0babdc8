// Module hooks for without-otel.mjs: the two OpenTelemetry packages zero-cache loads but, with no
// exporter configured, never uses.
const STAND_IN = `
const off = () => { throw new Error('OpenTelemetry is off: set an OTEL_* exporter variable to use it'); };
export class NodeSDK { constructor() { off(); } }
export const getNodeAutoInstrumentations = off;
`;
const REPLACED = new Set(['@opentelemetry/sdk-node', '@opentelemetry/auto-instrumentations-node']);

export async function resolve(specifier, context, nextResolve) {
  if (REPLACED.has(specifier)) {
    return {url: `data:text/javascript,${encodeURIComponent(STAND_IN)}`, format: 'module', shortCircuit: true};
  }
  return nextResolve(specifier, context);
}
