import { X509Certificate } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';

export interface PresentedCertificate {
  pem: string;
  subject: string;
  issuer: string;
  validTo: string;
  fingerprint256: string;
  selfSigned: boolean;
}

/**
 * The certificate a service presents on its TLS port, read without trusting it (nothing
 * is sent on this connection). For a local service with a self-signed certificate this is
 * the very certificate to trust: the client's `ca` / `caFile`, `listen --ca-file`, or
 * NODE_EXTRA_CA_CERTS. Only ask a service you reach directly: a man in the middle would
 * show you his.
 */
export function presentedCertificate(baseUrl: string, timeoutMs = 5000): Promise<PresentedCertificate> {
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:') return Promise.reject(new Error(`${baseUrl} is not an https:// URL`));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host, port, rejectUnauthorized: false, ...(net.isIP(host) ? {} : { servername: host }) }, () => {
      const raw = socket.getPeerCertificate().raw;
      socket.end();
      if (!raw) return reject(new Error(`${host}:${port} presented no certificate`));
      const pem = `-----BEGIN CERTIFICATE-----\n${raw
        .toString('base64')
        .match(/.{1,64}/g)!
        .join('\n')}\n-----END CERTIFICATE-----\n`;
      const x509 = new X509Certificate(pem);
      resolve({
        pem,
        subject: x509.subject.replace(/\n/g, ', '),
        issuer: x509.issuer.replace(/\n/g, ', '),
        validTo: x509.validTo,
        fingerprint256: x509.fingerprint256,
        // issued by itself (checkIssued would also want a CA's key usage, which a local leaf lacks)
        selfSigned: x509.subject === x509.issuer && x509.verify(x509.publicKey),
      });
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no TLS answer from ${host}:${port} within ${timeoutMs} ms`)));
    socket.on('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`no TLS answer from ${host}:${port} (${err.code ?? err.message}): is the service running there?`)),
    );
  });
}
