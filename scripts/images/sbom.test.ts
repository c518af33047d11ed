import { expect } from 'chai';
import { composeImageBom, parseDpkg } from './sbom-compose.mjs';

const DPKG = ['libc6\t2.36-9+deb12u10\tamd64\tglibc', 'tzdata\t2025b-0+deb12u1\tall\t', 'libssl3\t3.0.17-1~deb12u2\tamd64\topenssl (3.0.17-1~deb12u2)'].join(
  '\n',
);
const NPM_BOM = {
  metadata: { component: { type: 'application', name: 'partner-financing-service', version: '0.1.0', 'bom-ref': 'partner-financing-service@0.1.0' } },
  components: [
    { type: 'library', name: 'koa', version: '2.16.1', 'bom-ref': 'koa@2.16.1', purl: 'pkg:npm/koa@2.16.1' },
    { type: 'library', name: 'kafkajs', version: '2.2.4', 'bom-ref': 'kafkajs@2.2.4', purl: 'pkg:npm/kafkajs@2.2.4' },
  ],
  dependencies: [{ ref: 'partner-financing-service@0.1.0', dependsOn: ['koa@2.16.1', 'kafkajs@2.2.4'] }],
};

describe('images: the bill of materials of an image', () => {
  const bom = composeImageBom({
    image: 'partner-financing:local',
    imageId: 'sha256:abc123',
    npmBom: NPM_BOM,
    debs: parseDpkg(DPKG),
    runtimes: [{ name: 'node', version: '24.22.3', purl: 'pkg:generic/nodejs/node@24.22.3' }],
  });
  const purls = bom.components.map((c: { purl: string }) => c.purl);

  it('lists the Debian packages with their distribution, the runtime and the npm packages, by purl', () => {
    expect(purls).to.include('pkg:deb/debian/libc6@2.36-9%2Bdeb12u10?arch=amd64&distro=debian-12');
    expect(purls).to.include('pkg:deb/debian/tzdata@2025b-0%2Bdeb12u1?arch=all&distro=debian-12');
    expect(purls).to.include('pkg:generic/nodejs/node@24.22.3');
    expect(purls).to.include.members(['pkg:npm/koa@2.16.1', 'pkg:npm/kafkajs@2.2.4']);
    const ssl = bom.components.find((c: { name: string }) => c.name === 'libssl3');
    expect(ssl.properties).to.deep.equal([{ name: 'debian:source', value: 'openssl' }]);
  });

  it('is a CycloneDX 1.6 document about the container, which holds the runtime, the packages and the application', () => {
    expect(bom).to.deep.include({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1 });
    expect(bom.serialNumber).to.match(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bom.metadata.component).to.deep.include({ type: 'container', name: 'partner-financing', version: 'local' });
    expect(bom.metadata.component.hashes).to.deep.equal([{ alg: 'SHA-256', content: 'abc123' }]);
    const image = bom.dependencies.find((d: { ref: string }) => d.ref === 'image:partner-financing:local');
    expect(image.dependsOn).to.include.members(['pkg:generic/nodejs/node@24.22.3', 'partner-financing-service@0.1.0', purls[1]]);
    expect(bom.dependencies.find((d: { ref: string }) => d.ref === 'partner-financing-service@0.1.0').dependsOn).to.have.length(2);
  });

  it('lists each package once', () => {
    const twice = composeImageBom({
      image: 'x:1',
      npmBom: { ...NPM_BOM, components: [...NPM_BOM.components, NPM_BOM.components[0]] },
      debs: parseDpkg(`${DPKG}\n${DPKG}`),
      runtimes: [],
    });
    const refs = twice.components.map((c: { 'bom-ref': string }) => c['bom-ref']);
    expect(new Set(refs).size).to.equal(refs.length);
    expect(refs).to.have.length(5);
  });
});
