// Composes one image's CycloneDX bill of materials from its parts: the npm packages
// (@cyclonedx/cyclonedx-npm's BOM of the production dependencies), the Debian packages
// `dpkg-query` lists inside the image, and the runtimes it carries (Node.js, Java). Pure:
// scripts/images/sbom.mjs gathers the parts, scripts/images/sbom.test.ts checks this.
import { createHash } from 'node:crypto';

/**
 * cyclonedx-npm's arguments: the packages the service image installs (its Dockerfile runs
 * `npm ci --omit=dev --workspaces=false --include-workspace-root`), from the lock file.
 */
export const NPM_SBOM_ARGS = [
  '--omit',
  'dev',
  '--no-workspaces',
  '--package-lock-only',
  '--flatten-components',
  '--spec-version',
  '1.6',
  '--output-format',
  'JSON',
  '--output-reproducible',
];

/** `dpkg-query -W -f '${Package}\t${Version}\t${Architecture}\t${Source}\n'` output -> entries */
export function parseDpkg(text) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [name, version, arch, source] = l.split('\t');
      return { name, version, arch, source: source || undefined };
    });
}

function debComponent(p, distro) {
  const q = new URLSearchParams({ arch: p.arch, distro });
  const purl = `pkg:deb/debian/${encodeURIComponent(p.name)}@${encodeURIComponent(p.version)}?${q}`;
  return {
    type: 'library',
    'bom-ref': purl,
    name: p.name,
    version: p.version,
    purl,
    ...(p.source ? { properties: [{ name: 'debian:source', value: p.source.split(' ')[0] }] } : {}),
  };
}

function runtimeComponent(r) {
  const purl = r.purl ?? `pkg:generic/${encodeURIComponent(r.name)}@${encodeURIComponent(r.version)}`;
  return { type: 'platform', 'bom-ref': purl, name: r.name, version: r.version, purl, ...(r.description ? { description: r.description } : {}) };
}

/**
 * @param {{ image: string, imageId?: string, npmBom?: any, debs: {name:string,version:string,arch:string,source?:string}[], runtimes: {name:string,version:string,purl?:string,description?:string}[], distro?: string, timestamp?: string }} parts
 */
export function composeImageBom(parts) {
  const distro = parts.distro ?? 'debian-12';
  const npm = (parts.npmBom?.components ?? []).map((c) => ({ ...c }));
  const components = [...parts.runtimes.map(runtimeComponent), ...parts.debs.map((d) => debComponent(d, distro)), ...npm];
  // one entry per bom-ref (a package listed twice would make the document invalid)
  const seen = new Set();
  const unique = components.filter((c) => {
    const ref = c['bom-ref'] ?? c.purl ?? `${c.group ?? ''}/${c.name}@${c.version}`;
    if (seen.has(ref)) return false;
    seen.add(ref);
    return true;
  });
  const [name, tag = 'latest'] = parts.image.split(/:(?=[^/]+$)/);
  const imageRef = `image:${parts.image}`;
  const app = parts.npmBom?.metadata?.component;
  const refs = new Set(unique.map((c) => c['bom-ref']).filter(Boolean));
  // the image holds the runtimes, the Debian packages and the application; the npm
  // packages hang off the application as cyclonedx-npm recorded them
  const direct = unique.filter((c) => !c.purl?.startsWith('pkg:npm/')).map((c) => c['bom-ref']);
  const dependencies = [
    { ref: imageRef, dependsOn: [...direct, ...(app?.['bom-ref'] ? [app['bom-ref']] : [])] },
    ...(parts.npmBom?.dependencies ?? []).filter((d) => d.ref === app?.['bom-ref'] || refs.has(d.ref)),
  ];
  const serial = createHash('sha256')
    .update(`${parts.image}\n${parts.imageId ?? ''}\n${unique.map((c) => c['bom-ref']).join('\n')}`)
    .digest('hex');
  return {
    $schema: 'http://cyclonedx.org/schema/bom-1.6.schema.json',
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: `urn:uuid:${serial.slice(0, 8)}-${serial.slice(8, 12)}-5${serial.slice(13, 16)}-8${serial.slice(17, 20)}-${serial.slice(20, 32)}`,
    version: 1,
    metadata: {
      ...(parts.timestamp ? { timestamp: parts.timestamp } : {}),
      tools: { components: [{ type: 'application', name: 'scripts/images/sbom.mjs' }, ...(parts.npmBom?.metadata?.tools?.components ?? [])] },
      component: {
        type: 'container',
        'bom-ref': imageRef,
        name,
        version: tag,
        ...(parts.imageId ? { hashes: [{ alg: 'SHA-256', content: parts.imageId.replace(/^sha256:/, '') }] } : {}),
        ...(app ? { components: [app] } : {}),
      },
    },
    components: unique,
    dependencies,
  };
}
