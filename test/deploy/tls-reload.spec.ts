import { expect } from 'chai';
import { X509Certificate } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import tls from 'node:tls';
import selfsigned from 'selfsigned';
import { ApiProcess } from '../support/api-process.js';
import { testConfig } from '../support/config.js';
import { waitFor } from '../support/wait.js';

async function pair(cn: string): Promise<{ cert: string; key: string }> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: cn }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 86_400_000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  } as any);
  return { cert: pems.cert, key: pems.private };
}

/** The certificate a new TLS connection to the API is given (its SHA-256 fingerprint). */
function served(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', rejectUnauthorized: false }, () => {
      const fp = socket.getPeerCertificate().fingerprint256;
      socket.end();
      resolve(fp);
    });
    socket.on('error', reject);
  });
}

const fingerprintOf = (pem: string) => new X509Certificate(pem).fingerprint256;

/**
 * A renewed certificate (cert-manager, Let's Encrypt) is used without a restart: the files are
 * replaced the way a mounted secret's are (written aside, renamed over), while a client keeps
 * connecting; a pair that does not match keeps the certificate in use and logs why.
 */
describe('TLS certificates reloaded without a restart', function () {
  this.timeout(120_000);
  let api: ApiProcess;
  let dir: string;
  before(async () => {
    api = new ApiProcess(testConfig(), { LOG_LEVEL: 'info' });
    await api.prepare();
    api.start();
    await api.healthy();
    dir = api.tlsDir;
  });
  after(async () => {
    await api?.dispose();
  });

  const port = () => Number(new URL(api.baseUrl).port);
  const replace = async (m: { cert: string; key: string }) => {
    await writeFile(join(dir, 'key.pem.new'), m.key);
    await writeFile(join(dir, 'cert.pem.new'), m.cert);
    await rename(join(dir, 'key.pem.new'), join(dir, 'key.pem'));
    await rename(join(dir, 'cert.pem.new'), join(dir, 'cert.pem'));
  };

  it('when the certificate and key files are replaced, then new connections get the new certificate within seconds and no connection fails meanwhile; a mismatched pair keeps the one in use', async () => {
    const before = await served(port());
    const renewed = await pair('renewed.localhost');
    let connecting = true;
    let connections = 0;
    const failures: string[] = [];
    const client = (async () => {
      while (connecting) {
        await served(port()).then(
          () => {
            connections++;
          },
          (err: Error) => {
            failures.push(err.message);
          },
        );
      }
    })();
    await replace(renewed);
    const now = await waitFor(
      'the renewed certificate to be served',
      async () => {
        const fp = await served(port());
        return fp !== before && fp;
      },
      { maxWait: 10_000, interval: 100 },
    );
    connecting = false;
    await client;
    expect(now).to.equal(fingerprintOf(renewed.cert));
    expect(failures, 'connections during the swap').to.deep.equal([]);
    expect(connections).to.be.greaterThan(0);
    expect(api.log).to.include('TLS certificate reloaded');

    // a certificate with somebody else's key: refused, the renewed one stays
    const other = await pair('other.localhost');
    await replace({ cert: other.cert, key: renewed.key });
    await waitFor('the refusal to be logged', () => api.log.includes('the new pair is not usable'), { maxWait: 10_000, interval: 100 });
    expect(await served(port())).to.equal(fingerprintOf(renewed.cert));
    expect(await served(port()), 'still serving').to.be.a('string');
  });
});
