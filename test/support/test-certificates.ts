import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Files of a test CA and what it signed (all PEM; `*.key` unencrypted). */
export interface TestCertificates {
  /** the CA certificate a client trusts */
  ca: string;
  caKey: string;
  /** a server certificate for localhost and 127.0.0.1, and its key */
  serverCert: string;
  serverKey: string;
}

/**
 * A CA made now with openssl, and a server certificate for localhost/127.0.0.1 signed by it,
 * written to `dir` under `prefix` (two CAs in one directory stay apart). One day valid: the
 * files live as long as the test's temporary directory.
 */
export async function makeCertificates(dir: string, prefix = ''): Promise<TestCertificates> {
  const f = (n: string) => join(dir, `${prefix}${n}`);
  const files: TestCertificates = { ca: f('ca.pem'), caKey: f('ca.key'), serverCert: f('server.pem'), serverKey: f('server.key') };
  await openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    files.caKey,
    '-out',
    files.ca,
    '-days',
    '1',
    '-subj',
    `/CN=pf-test-ca-${prefix || 'main'}`,
  );
  await signed(dir, files, 'server', '/CN=localhost', 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  return files;
}

/** A client certificate signed by the CA of `certs` (mutual TLS): its PEM, its key, and both in one file. */
export async function makeClientCertificate(dir: string, certs: TestCertificates, name: string): Promise<{ cert: string; key: string; certAndKey: string }> {
  const { cert, key } = await signed(dir, certs, name, `/CN=${name}`, 'extendedKeyUsage=clientAuth\n');
  const certAndKey = join(dir, `${name}.cert-and-key.pem`);
  await writeFile(certAndKey, `${await readFile(cert, 'utf8')}${await readFile(key, 'utf8')}`);
  return { cert, key, certAndKey };
}

async function signed(dir: string, certs: TestCertificates, name: string, subject: string, extensions: string): Promise<{ cert: string; key: string }> {
  const prefix = certs.ca.slice(dir.length + 1, -'ca.pem'.length);
  const f = (n: string) => join(dir, `${prefix}${n}`);
  const cert = name === 'server' ? certs.serverCert : f(`${name}.pem`);
  const key = name === 'server' ? certs.serverKey : f(`${name}.key`);
  await openssl(dir, 'req', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', f(`${name}.csr`), '-subj', subject);
  await writeFile(f(`${name}.ext`), extensions);
  await openssl(
    dir,
    'x509',
    '-req',
    '-in',
    f(`${name}.csr`),
    '-CA',
    certs.ca,
    '-CAkey',
    certs.caKey,
    '-CAcreateserial',
    '-out',
    cert,
    '-days',
    '1',
    '-extfile',
    f(`${name}.ext`),
  );
  return { cert, key };
}

function openssl(cwd: string, ...args: string[]) {
  return run('openssl', args, { cwd, timeout: 30_000 });
}
