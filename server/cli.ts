import {parseArgs} from 'node:util';

/** A command's refusal (npm run admin:create, simulate-call): the message on stderr, exit code 1. */
export function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * A command's `--name value` options: each of `names` as typed (absent ones undefined), or the usage
 * and exit code 1 for an option it does not know or a `required` one left out.
 */
export function readOptions<const K extends string, const R extends K = never>(
  usage: string,
  names: readonly K[],
  required: readonly R[] = [],
): Partial<Record<K, string>> & Record<R, string> {
  let values: Partial<Record<K, string>>;
  try {
    const options = Object.fromEntries(names.map(name => [name, {type: 'string' as const}]));
    values = parseArgs({options, strict: true}).values as Partial<Record<K, string>>;
  } catch (err) {
    stop(`${(err as Error).message}\n${usage}`);
  }
  if (required.some(name => !values[name])) stop(usage);
  return values as Partial<Record<K, string>> & Record<R, string>;
}
