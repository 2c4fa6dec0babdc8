// Preloaded into zero-cache (server/stack/zero-cache.ts) and inherited by every worker it forks.
//
// Every zero-cache worker imports, at load, packages it calls only when a feature is configured:
// OpenTelemetry's SDK (zero-cache/src/server/otel-start.js, used only with an OTEL_* exporter), the
// anonymous telemetry's metrics exporter (server/anonymous-otel-start.js, used only unless
// ZERO_ENABLE_TELEMETRY=false or DO_NOT_TRACK), jose (auth/jwt.js, only with ZERO_AUTH_JWK, _JWKS_URL or
// _SECRET) and cloudevents (observability/events.js, only with ZERO_CLOUD_EVENT_SINK_ENV). Together they
// are about half of the 1,000 modules a worker loads, and a zero-cache starts its workers one after
// another, so a crashed zero-cache would serve again seconds later. When a feature is off, its packages
// resolve to a stand-in that fails loudly if ever called. The hook runs in the loading thread
// (registerHooks): module.register's hooks thread cost more than it saved.
import {registerHooks} from 'node:module';

const env = process.env;
const otelOn = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
  'OTEL_EXPORTER_OTLP_LOGS_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_METRICS_EXPORTER',
  'OTEL_LOGS_EXPORTER',
  'OTEL_TRACES_EXPORTER',
].some(name => env[name]);
const telemetryOn = env.ZERO_ENABLE_TELEMETRY !== 'false' && !env.DO_NOT_TRACK;
const jwtOn = Boolean(env.ZERO_AUTH_JWK || env.ZERO_AUTH_JWKS_URL || env.ZERO_AUTH_SECRET);
const cloudEventsOn = Boolean(env.ZERO_CLOUD_EVENT_SINK_ENV);

const off = feature =>
  `const off = () => { throw new Error('${feature} is off in this zero-cache (server/zero/stand-ins.mjs)'); };`;
const otel = off('OpenTelemetry: set an OTEL_* exporter variable to use it');
const metrics = off('OpenTelemetry metrics');

/** Each package left out, as the named exports zero-cache imports from it. */
const STAND_INS = {
  ...(otelOn
    ? {}
    : {
        '@opentelemetry/sdk-node': `${otel} export class NodeSDK { constructor() { off(); } }`,
        '@opentelemetry/auto-instrumentations-node': `${otel} export const getNodeAutoInstrumentations = off;`,
        '@opentelemetry/semantic-conventions': `export const ATTR_SERVICE_VERSION = 'service.version';`,
      }),
  ...(otelOn || telemetryOn
    ? {}
    : {
        '@opentelemetry/sdk-metrics': `${metrics} export class MeterProvider { constructor() { off(); } }
          export class PeriodicExportingMetricReader { constructor() { off(); } }
          export const AggregationType = {}; export const InstrumentType = {};`,
        '@opentelemetry/exporter-metrics-otlp-http': `${metrics} export class OTLPMetricExporter { constructor() { off(); } }`,
        '@opentelemetry/resources': `${metrics} export const resourceFromAttributes = off;`,
      }),
  ...(jwtOn ? {} : {jose: `${off('JWT auth')} export const createRemoteJWKSet = off; export const jwtVerify = off;`}),
  ...(cloudEventsOn
    ? {}
    : {
        cloudevents: `${off('CloudEvents')} export class CloudEvent { constructor() { off(); } }
          export const emitterFor = off; export const httpTransport = off;`,
      }),
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    const source = STAND_INS[specifier];
    if (source === undefined) return nextResolve(specifier, context);
    return {url: `data:text/javascript,${encodeURIComponent(source)}`, format: 'module', shortCircuit: true};
  },
});
