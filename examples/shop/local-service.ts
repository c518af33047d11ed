import { spawn } from 'node:child_process';
import { X509Certificate, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The certificate this example trusts for the service, and for nothing else:
 * FINANCING_CA_FILE when given; else, for a service on this machine (`npm start` makes a
 * self-signed certificate at each start), the certificate it presents, read once and then
 * pinned, so every call of the client still verifies it. A remote service without a CA
 * file is verified against the system's CAs as usual (undefined).
 */
export async function serviceCertificate(baseUrl: string, caFile: string | undefined, say: (l: string) => void): Promise<string | undefined> {
  if (caFile) return readFile(caFile, 'utf8');
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:' || !LOOPBACK.has(url.hostname)) return undefined;
  const pem = await presentedCertificate(url.hostname.replace(/^\[|\]$/g, ''), Number(url.port || 443));
  say(`   trusting the local service's own certificate (SHA-256 ${new X509Certificate(pem).fingerprint256.slice(0, 23)}…); set FINANCING_CA_FILE to name one`);
  return pem;
}

/** The certificate a loopback server presents. Nothing is sent on this connection. */
function presentedCertificate(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // Reading, not trusting: the chain is checked on every real call against this very certificate.
    const socket = tls.connect({ host, port, servername: host === 'localhost' ? host : undefined, rejectUnauthorized: false }, () => {
      const raw = socket.getPeerCertificate().raw;
      socket.end();
      if (!raw) return reject(new Error(`${host}:${port} presented no certificate`));
      resolve(
        `-----BEGIN CERTIFICATE-----\n${raw
          .toString('base64')
          .match(/.{1,64}/g)!
          .join('\n')}\n-----END CERTIFICATE-----\n`,
      );
    });
    socket.setTimeout(5000, () => socket.destroy(new Error(`no TLS answer from ${host}:${port}: is \`npm start\` running?`)));
    socket.on('error', reject);
  });
}

export interface PartnerCredentials {
  username: string;
  password: string;
  webhookSecret: string;
}

/**
 * A new partner through the operator's own command (`npm run partners -- create`), on the
 * local stack, with a (made-up, checksum-valid) bank account for its settlements.
 */
export async function createPartner(): Promise<PartnerCredentials> {
  const username = `example-shop-${randomBytes(3).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  const out = await partners(['create', '--username', username, '--password-stdin'], `${password}\n`);
  await partners(['set-bank-account', '--username', username, '--account', '19-2000145399/0800']);
  const view = JSON.parse(out) as { username: string; webhookSecret: string };
  return { username: view.username, password, webhookSecret: view.webhookSecret };
}

function partners(args: string[], stdin = ''): Promise<string> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', 'partners', ...args], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`the partners command exited ${code}: ${stderr.trim()}`))));
    child.stdin.end(stdin);
  });
}
