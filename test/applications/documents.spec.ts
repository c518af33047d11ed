import { expect } from 'chai';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { startHarness, type AppHarness } from './harness.js';
import { applicationBody } from './requests.js';
import { FileTooLarge, httpsFetcher } from '../../modules/applications/application.documents.js';
import { selfSignedTls } from '../../platform/http/tls.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('order documents (DESIGN 4, spec Limits)', function () {
  this.timeout(60_000);
  let h: AppHarness;
  before(async () => { h = await startHarness(); });
  after(async () => { await h?.stop(); });
  const withDocs = (documents: unknown[]) => {
    const body = applicationBody();
    return { ...body, order: { ...body.order, documents } };
  };
  const post = (body: unknown) => h.t.client.post('/financing/v1/applications', body, { token: h.partner.token });

  it('when a PDF comes as {filename, content} and a PNG as bare base64, then 201 with their metadata; the bytes are stored apart, once per hash', async () => {
    const res = await post(withDocs([
      { type: 'INVOICE', file: { filename: 'invoice.pdf', content: PDF.toString('base64') }, description: 'Invoice', extraData: { variableSymbol: '2024000123' } },
      { type: 'OTHER', file: PNG.toString('base64') },
    ]));
    expect(res.status, res.text).to.equal(201);
    const [pdf, png] = res.body.order.documents;
    expect(pdf).to.deep.include({ type: 'INVOICE', description: 'Invoice', extraData: { variableSymbol: '2024000123' } });
    expect(pdf.file).to.include({ filename: 'invoice.pdf', mimeType: 'application/pdf', size: PDF.length });
    expect(png.file).to.include({ mimeType: 'image/png' });
    const stored = await h.t.api.runtime.db.collection('applications').findOne({ _id: res.body.id });
    expect(JSON.stringify(stored!.order.documents)).not.to.include(PDF.toString('base64'));
    const contents = h.t.api.runtime.db.collection('application_document_contents');
    expect(await contents.countDocuments({ _id: pdf.file.sha256 })).to.equal(1);
    await post(withDocs([{ type: 'INVOICE', file: { filename: 'again.pdf', content: PDF.toString('base64') } }]));
    expect(await contents.countDocuments({ _id: pdf.file.sha256 })).to.equal(1);
  });

  it('when plain text is attached, then it is accepted as text/plain', async () => {
    const res = await post(withDocs([{ type: 'OTHER', file: { filename: 'note.txt', content: Buffer.from('Deliver after 5 pm, please.').toString('base64') } }]));
    expect(res.status).to.equal(201);
    expect(res.body.order.documents[0].file.mimeType).to.equal('text/plain');
  });

  it('when a file is over 500 kB, then 400 naming the file', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(500 * 1024)]);
    const res = await post(withDocs([{ type: 'INVOICE', file: { filename: 'big.pdf', content: big.toString('base64') } }]));
    expect(res.status).to.equal(400);
    expect(res.body.errors[0].code).to.equal('INVALID_REQUEST');
    expect(res.body.errors[0].attribute).to.match(/^order\.documents\[0\]\.file/);
  });

  it('when the file type is not in the spec\'s list, then 400 naming the file', async () => {
    const zip = Buffer.from('504b0304140000000000', 'hex');
    const exe = Buffer.from('4d5a90000300000004000000ffff0000', 'hex');
    for (const bytes of [exe, zip]) {
      const res = await post(withDocs([{ type: 'OTHER', file: { filename: 'x.bin', content: bytes.toString('base64') } }]));
      expect(res.status).to.equal(400);
      expect(res.body.errors[0].attribute).to.equal('order.documents[0].file');
    }
  });

  it('when the content is not base64 or the document type is unknown, then 400', async () => {
    expect((await post(withDocs([{ type: 'OTHER', file: { filename: 'a.pdf', content: '***' } }]))).status).to.equal(400);
    const res = await post(withDocs([{ type: 'RECEIPT', file: PNG.toString('base64') }]));
    expect(res.status).to.equal(400);
    expect(res.body.errors[0].attribute).to.equal('order.documents[0].type');
  });

  it('when the file is an https URL that cannot be fetched, then 422 naming the file', async () => {
    const res = await post(withDocs([{ type: 'INVOICE', file: 'https://127.0.0.1:1/invoice.pdf' }]));
    expect(res.status).to.equal(422);
    expect(res.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'order.documents[0].file' });
  });
});

describe('the https document fetcher', function () {
  this.timeout(20_000);
  let server: https.Server;
  let base: string;
  let ca: string;
  before(async () => {
    const tls = await selfSignedTls();
    server = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
      if (req.url === '/big') { res.end(Buffer.alloc(600 * 1024)); return; }
      if (req.url === '/moved') { res.writeHead(302, { Location: '/file.pdf' }); res.end(); return; }
      res.end(PDF);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ca = tls.cert;
  });
  after(() => { server.close(); });

  it('when private networks are refused, then a loopback host is refused before any request', async () => {
    let err: Error | undefined;
    try { await httpsFetcher({ allowPrivateNetworks: false, timeoutMs: 2000 })(`${base}/file.pdf`); } catch (e) { err = e as Error; }
    expect(err?.message).to.match(/loopback, private or link-local/);
  });

  it('when allowed, then the file is fetched; redirects are not followed; a body over 500 kB is cut', async () => {
    const fetcher = httpsFetcher({ allowPrivateNetworks: true, timeoutMs: 2000, ca });
    expect((await fetcher(`${base}/file.pdf`)).equals(PDF)).to.equal(true);
    await fetcher(`${base}/moved`).then(() => expect.fail('followed a redirect'), (e: Error) => expect(e.message).to.match(/302/));
    await fetcher(`${base}/big`).then(() => expect.fail('read past the limit'), (e: Error) => expect(e).to.be.instanceOf(FileTooLarge));
  });
});
