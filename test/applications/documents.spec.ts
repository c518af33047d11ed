import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { startHarness, type AppHarness } from './harness.js';
import { applicationBody } from './requests.js';
import { startFileServer, type FileServer } from '../support/file-server.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const withDocs = (documents: unknown[]) => {
  const body = applicationBody();
  return { ...body, order: { ...body.order, documents } };
};

describe('order documents (spec Limits)', function () {
  this.timeout(60_000);
  let h: AppHarness;
  let files: FileServer;
  before(async () => {
    files = await startFileServer();
    h = await startHarness({}, { documentFetcher: files.fetcher() });
  });
  after(async () => {
    await h?.stop();
    await files?.close();
  });
  const post = (body: unknown) => h.t.client.post('/financing/v1/applications', body, { token: h.partner.token });

  it('when a PDF comes as {filename, content} and a PNG as bare base64, then 201 with their metadata; the bytes are stored apart, once per hash', async () => {
    const res = await post(
      withDocs([
        {
          type: 'INVOICE',
          file: { filename: 'invoice.pdf', content: PDF.toString('base64') },
          description: 'Invoice',
          extraData: { variableSymbol: '2024000123' },
        },
        { type: 'OTHER', file: PNG.toString('base64') },
      ]),
    );
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
    const res = await post(
      withDocs([{ type: 'OTHER', file: { filename: 'note.txt', content: Buffer.from('Deliver after 5 pm, please.').toString('base64') } }]),
    );
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

  it("when the file type is not in the spec's list, then 400 naming the file", async () => {
    const zip = Buffer.from('504b0304140000000000', 'hex');
    const exe = Buffer.from('4d5a90000300000004000000ffff0000', 'hex');
    for (const bytes of [exe, zip]) {
      const res = await post(withDocs([{ type: 'OTHER', file: { filename: 'x.bin', content: bytes.toString('base64') } }]));
      expect(res.status).to.equal(400);
      expect(res.body.errors[0].attribute).to.equal('order.documents[0].file');
    }
  });

  it('when the filename says one type and the content is another (an HTML page named x.pdf), then 400 naming the file and nothing is stored', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>\n');
    const rows: Array<[string, Buffer]> = [
      ['x.pdf', html],
      ['invoice.png', PDF],
      ['note.txt', PNG],
      ['page.html', html],
    ];
    for (const [filename, bytes] of rows) {
      const body = withDocs([{ type: 'INVOICE', file: { filename, content: bytes.toString('base64') } }]);
      const res = await post(body);
      expect(res.status, filename).to.equal(400);
      expect(res.body.errors[0], filename).to.include({ code: 'INVALID_REQUEST', attribute: 'order.documents[0].file' });
      expect(res.body.errors[0].message, filename).to.match(/file name ends in/);
    }
    const contents = h.t.api.runtime.db.collection('application_document_contents');
    expect(await contents.countDocuments({ _id: createHash('sha256').update(html).digest('hex') as any })).to.equal(0);
  });

  it('when the filename holds a path separator, "..", NUL or another control character, then 400 naming file.filename', async () => {
    for (const filename of [
      '../../etc/passwd.pdf',
      'docs/invoice.pdf',
      'docs\\invoice.pdf',
      '..',
      'invoice.pdf\u0000.html',
      'invoice\n.pdf',
      'a\u007f.pdf',
      'invoice\u202efdp.pdf',
    ]) {
      const res = await post(withDocs([{ type: 'INVOICE', file: { filename, content: PDF.toString('base64') } }]));
      expect(res.status, JSON.stringify(filename)).to.equal(400);
      expect(res.body.errors[0], JSON.stringify(filename)).to.include({ code: 'INVALID_REQUEST', attribute: 'order.documents[0].file.filename' });
    }
    const fine = await post(withDocs([{ type: 'INVOICE', file: { filename: 'Faktura č. 2024-12 (kopie).pdf', content: PDF.toString('base64') } }]));
    expect(fine.status, fine.text).to.equal(201);
    expect(fine.body.order.documents[0].file.filename).to.equal('Faktura č. 2024-12 (kopie).pdf');
  });

  it("when a document URL's file name decodes to a path or a control character, then 400 naming the file, and nothing is fetched", async () => {
    const before = files.hits.length;
    for (const path of ['/docs/..%2Fsecret.pdf', '/docs/a%5Cb.pdf', '/docs/a%00.pdf', '/docs/%E0%A4%A.pdf']) {
      const res = await post(withDocs([{ type: 'INVOICE', file: `${files.base}${path}` }]));
      expect(res.status, path).to.equal(400);
      expect(res.body.errors[0], path).to.include({ code: 'INVALID_REQUEST', attribute: 'order.documents[0].file' });
    }
    expect(files.hits.slice(before)).to.deep.equal([]);
  });

  it('when the content is not base64 or the document type is unknown, then 400', async () => {
    expect((await post(withDocs([{ type: 'OTHER', file: { filename: 'a.pdf', content: '***' } }]))).status).to.equal(400);
    const res = await post(withDocs([{ type: 'RECEIPT', file: PNG.toString('base64') }]));
    expect(res.status).to.equal(400);
    expect(res.body.errors[0].attribute).to.equal('order.documents[0].type');
  });

  it('when the file is an https URL, then the service fetches it and keeps it like sent content, with the URL', async () => {
    files.serve('/docs/invoice-7.pdf', PDF);
    const url = `${files.base}/docs/invoice-7.pdf`;
    const res = await post(withDocs([{ type: 'INVOICE', file: url }]));
    expect(res.status, res.text).to.equal(201);
    expect(res.body.order.documents[0].file).to.deep.include({ filename: 'invoice-7.pdf', mimeType: 'application/pdf', size: PDF.length, url });
    const contents = h.t.api.runtime.db.collection('application_document_contents');
    expect(await contents.countDocuments({ _id: res.body.order.documents[0].file.sha256 })).to.equal(1);
  });

  it('when the URL answers an error, a redirect, a file of another type or one over 500 kB, then 422 or 400 naming the file', async () => {
    files.serve('/moved.pdf', Buffer.alloc(0), 302);
    files.serve('/app.exe', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'));
    files.serve('/big.pdf', Buffer.concat([PDF, Buffer.alloc(500 * 1024)]));
    const rows: Array<[string, number, string]> = [
      ['/missing.pdf', 422, 'UNPROCESSABLE'],
      ['/moved.pdf', 422, 'UNPROCESSABLE'],
      ['/app.exe', 400, 'INVALID_REQUEST'],
      ['/big.pdf', 400, 'INVALID_REQUEST'],
    ];
    for (const [path, status, code] of rows) {
      const res = await post(withDocs([{ type: 'INVOICE', file: `${files.base}${path}` }]));
      expect(res.status, path).to.equal(status);
      expect(res.body.errors[0], path).to.include({ code, attribute: 'order.documents[0].file' });
    }
  });

  it('when the file is an https URL that cannot be fetched, then 422 naming the file', async () => {
    const res = await post(withDocs([{ type: 'INVOICE', file: 'https://127.0.0.1:1/invoice.pdf' }]));
    expect(res.status).to.equal(422);
    expect(res.body.errors[0]).to.include({ code: 'UNPROCESSABLE', attribute: 'order.documents[0].file' });
  });

  it('when fetches fail for different reasons (port closed, name unknown, 404, redirect), then the answers are one and the same: no port or DNS probe', async () => {
    files.serve('/gone.pdf', Buffer.alloc(0), 301);
    const urls = ['https://127.0.0.1:1/invoice.pdf', 'https://no-such-host.invalid/invoice.pdf', `${files.base}/missing.pdf`, `${files.base}/gone.pdf`];
    const answers = [];
    for (const url of urls) {
      const res = await post(withDocs([{ type: 'INVOICE', file: url }]));
      expect(res.status, url).to.equal(422);
      expect(res.body.errors[0], url).to.include({ code: 'UNPROCESSABLE', severity: 'ERROR', attribute: 'order.documents[0].file' });
      expect(res.body.errors[0].message, url).not.to.match(/ECONN|ENOTFOUND|getaddrinfo|127\.0\.0\.1|no-such-host|404|301|:1\b/);
      answers.push(res.body);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).to.equal(1);
  });
});

describe('private networks refused (WEBHOOK_ALLOW_PRIVATE_NETWORKS=false, as in production)', function () {
  this.timeout(60_000);
  let h: AppHarness;
  let files: FileServer;
  before(async () => {
    files = await startFileServer();
    // the API's own fetcher, configured from the environment: nothing trusts the local server
    h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
  });
  after(async () => {
    await h?.stop();
    await files?.close();
  });
  const post = (body: unknown) => h.t.client.post('/financing/v1/applications', body, { token: h.partner.token });

  it('when a document URL points at a loopback address or name, then 422 naming the file and nothing is requested', async () => {
    files.serve('/invoice.pdf', PDF);
    const port = new URL(files.base).port;
    for (const url of [`${files.base}/invoice.pdf`, `https://localhost:${port}/invoice.pdf`]) {
      const res = await post(withDocs([{ type: 'INVOICE', file: url }]));
      expect(res.status, url).to.equal(422);
      expect(res.body.errors[0], url).to.include({ code: 'UNPROCESSABLE', attribute: 'order.documents[0].file' });
      // the same answer as any fetch that fails: which names resolve to private addresses stays ours
      expect(res.body.errors[0].message)
        .to.match(/could not be fetched from this URL/)
        .and.not.match(/127\.0\.0\.1|loopback|private/);
    }
    expect(files.hits).to.deep.equal([]);
  });

  it('when the notificationEndpoint is a private literal or localhost, then 422 naming it', async () => {
    for (const endpoint of ['https://10.0.0.7/hook', 'https://[::1]/hook', 'https://localhost/hook', 'https://100.64.0.1/hook']) {
      const body = applicationBody();
      const res = await post({ ...body, merchantUrls: { ...body.merchantUrls, notificationEndpoint: endpoint } });
      expect(res.status, endpoint).to.equal(422);
      expect(res.body.errors[0], endpoint).to.include({ code: 'UNPROCESSABLE', attribute: 'merchantUrls.notificationEndpoint' });
    }
  });
});
