import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../../server/config.ts';
import {readEnvironmentFile, readUnit} from '../deploy/units.ts';

/**
 * deploy/'s files as an operator copies them (docs/operations.md, "The topology"): systemd's own check of
 * every unit, and what they and the environment template agree on. The production smoke (tests/deploy)
 * runs them; this holds what it cannot see, like a unit systemd would refuse.
 */
const SYSTEMD = path.join(ROOT, 'deploy/systemd');
const units = readdirSync(SYSTEMD);
const template = readFileSync(path.join(ROOT, 'deploy/kesher.env.example'), 'utf8');

describe('deploy/', () => {
  it.skipIf(!existsSync('/usr/bin/systemd-analyze'))('every unit passes systemd-analyze verify, instances named', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kesher-units-'));
    try {
      const named = units.map(file => {
        const instance = file.replace('@.', '@3100.');
        copyFileSync(path.join(SYSTEMD, file), path.join(dir, instance));
        return `./${instance}`;
      });
      const check = spawnSync('systemd-analyze', ['verify', '--man=no', ...named], {cwd: dir, encoding: 'utf8'});
      // A fatal error fails it; a setting systemd would ignore (a typo) is only printed, and fails it too.
      expect(check.status, check.stderr).toBe(0);
      expect(check.stderr.trim()).toBe('');
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('every service runs from the release link with the environment file, and no file sets a unit port', () => {
    for (const file of units.filter(f => f.endsWith('.service'))) {
      const text = readFileSync(path.join(SYSTEMD, file), 'utf8');
      expect(text, file).toContain('WorkingDirectory=/opt/kesher/current');
      expect(text, file).toContain('EnvironmentFile=/etc/kesher/kesher.env');
      expect(readUnit(file, '3100').execStart[0], file).toBe('/usr/bin/npm');
    }
    // The environment file overrides Environment=, so it must not hold what an instance's name gives.
    expect(Object.keys(readEnvironmentFile(template))).not.toEqual(expect.arrayContaining(['API_PORT']));
    expect(template).not.toMatch(/^#?\s*(API_PORT|ZERO_PORT)=/m);
  });

  it('the template lists every variable the topology needs, and each npm script the units run exists', () => {
    for (const name of [
      'API_INTERNAL_URL',
      'REPLICATION_MANAGER',
      'REPLICA_SNAPSHOT_SECRET',
      'ZERO_ADMIN_PASSWORD',
      'DATABASE_URL',
    ]) {
      expect(template, name).toMatch(new RegExp(`^#?${name}=`, 'm'));
    }
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {scripts: Record<string, string>})
      .scripts;
    for (const file of units.filter(f => f.endsWith('.service'))) {
      const [, run, script] = readUnit(file, '3100').execStart;
      expect(run, file).toBe('run');
      expect(scripts[script!], `${file}: npm run ${script}`).toBeDefined();
    }
  });
});
