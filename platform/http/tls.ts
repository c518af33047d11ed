import selfsigned from 'selfsigned';

export interface TlsMaterial {
  cert: string;
  key: string;
}

let generated: Promise<TlsMaterial> | undefined;

/**
 * A self-signed certificate for local runs and tests, made once per process:
 * EC P-256 (fast to generate), valid for localhost and 127.0.0.1, 30 days.
 */
export function selfSignedTls(): Promise<TlsMaterial> {
  generated ??= (async () => {
    const notAfter = new Date(Date.now() + 30 * 86_400_000);
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notAfterDate: notAfter,
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
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
  })();
  return generated;
}
