import { expect } from 'chai';
import { decimal, field, settlementReport } from './settlement.report.js';
import type { PaymentLineDoc } from './payment-lines.model.js';
import type { SettlementDoc } from './settlement.model.js';

describe('settlement report (CSV)', () => {
  it('when amounts are written, then exactly from the minor units, negative ones too', () => {
    expect(decimal(123456, 2)).to.equal('1234.56');
    expect(decimal(-5, 2)).to.equal('-0.05');
    expect(decimal(0, 2)).to.equal('0.00');
    expect(decimal(-100, 0)).to.equal('-100');
  });

  it("when a partner's text holds a comma, a quote or starts like a formula, then it is quoted or defused", () => {
    expect(field('A,1', true)).to.equal('"A,1"');
    expect(field('say "hi"', true)).to.equal('"say ""hi"""');
    expect(field('=SUM(A1)', true)).to.equal("'=SUM(A1)");
    expect(field('2024-1', true)).to.equal('2024-1');
  });

  it('when a settlement has lines, then one row each and a footer that adds up to the transfer', () => {
    const line = (id: string, type: 'PAYOUT' | 'CREDIT_NOTE', gross: number, fee: number, orderNumber: string): PaymentLineDoc => ({
      _id: id,
      partnerId: 'p',
      applicationId: `app-${id}`,
      type,
      gross,
      fee,
      net: gross - fee,
      currency: 'CZK',
      date: '2026-11-26',
      createdAt: new Date(),
      orderNumber,
      variableSymbol: '2024000123',
      operation: { operationId: `op-${id}`, type: type === 'PAYOUT' ? 'SEND' : 'RETURN', items: [] },
      body: {} as PaymentLineDoc['body'],
      settlementId: 's',
      settled: true,
    });
    const lines = [line('a', 'PAYOUT', 100000, 2500, 'N,1'), line('b', 'CREDIT_NOTE', -20000, -500, 'N2')];
    const s = {
      _id: 's',
      reference: '0000000002',
      currency: 'CZK',
      carriedIn: -1000,
      linesNet: 78000,
      net: 77000,
      transfer: 77000,
      carriedOut: 0,
    } as SettlementDoc;
    const csv = settlementReport(s, lines).split('\r\n');
    expect(csv[0]).to.equal(
      'settlementReference,paymentId,date,type,orderNumber,variableSymbol,applicationId,operationId,operationType,idempotencyKey,gross,fee,net,currency',
    );
    expect(csv[1]).to.equal('0000000002,a,2026-11-26,PAYOUT,"N,1",2024000123,app-a,op-a,SEND,,1000.00,25.00,975.00,CZK');
    expect(csv[2]).to.equal('0000000002,b,2026-11-26,CREDIT_NOTE,N2,2024000123,app-b,op-b,RETURN,,-200.00,-5.00,-195.00,CZK');
    expect(csv.slice(3, 8)).to.deep.equal([
      '0000000002,TOTAL,,,,,,,,,800.00,20.00,780.00,CZK',
      '0000000002,CARRIED_IN,,,,,,,,,,,-10.00,CZK',
      '0000000002,NET,,,,,,,,,,,770.00,CZK',
      '0000000002,TRANSFER,,,,,,,,,,,770.00,CZK',
      '0000000002,CARRIED_OUT,,,,,,,,,,,0.00,CZK',
    ]);
    expect(csv[8]).to.equal('');
  });

  it('when the report is written for Czech Excel, then the same rows with semicolons, decimal commas and a BOM', () => {
    const l = {
      _id: 'a',
      partnerId: 'p',
      applicationId: 'app-a',
      type: 'CREDIT_NOTE',
      gross: -123456,
      fee: -5,
      net: -123451,
      currency: 'CZK',
      date: '2026-11-26',
      createdAt: new Date(),
      orderNumber: 'N;1',
      body: {} as PaymentLineDoc['body'],
      settlementId: 's',
      settled: true,
    } as PaymentLineDoc;
    const s = { _id: 's', reference: '0000000003', currency: 'CZK', carriedIn: 0, net: -123451, transfer: 0, carriedOut: -123451 } as SettlementDoc;
    const rows = settlementReport(s, [l], 'excel').split('\r\n');
    expect(rows[0]!.startsWith('\uFEFFsettlementReference;paymentId;')).to.equal(true);
    expect(rows[1]).to.equal('0000000003;a;2026-11-26;CREDIT_NOTE;"N;1";;app-a;;;;-1234,56;-0,05;-1234,51;CZK');
    expect(rows[6]).to.equal('0000000003;CARRIED_OUT;;;;;;;;;;;-1234,51;CZK');
    // the standard report keeps its comma and point, a semicolon needs no quotes there
    expect(settlementReport(s, [l]).split('\r\n')[1]).to.equal('0000000003,a,2026-11-26,CREDIT_NOTE,N;1,,app-a,,,,-1234.56,-0.05,-1234.51,CZK');
  });
});
