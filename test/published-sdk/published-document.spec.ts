import { expect } from 'chai';
import { isCalendarDate, PublishedDocument } from './published-document.js';

/**
 * The reading of an OpenAPI 3.0 document the published-document conformance run uses
 * (scripts/published-conformance.ts), on a small document of its own: the generated
 * okhttp-gson models' rules, not JSON Schema's defaults.
 */
const doc = new PublishedDocument({
  openapi: '3.0.0',
  info: { title: 'fixture', version: '1.0' },
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        responses: {
          200: { content: { 'application/json; charset=utf-8': { schema: { $ref: '#/components/schemas/Thing' } } } },
          404: { content: { 'application/json; charset=utf-8': { schema: { $ref: '#/components/schemas/ErrorsResponse' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Base: { type: 'object', properties: { id: { type: 'string' }, note: { type: 'string', nullable: true, maxLength: 5 } }, required: ['id'] },
      Thing: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          {
            type: 'object',
            properties: {
              day: { type: 'string', format: 'date', nullable: true },
              kind: { $ref: '#/components/schemas/Kind' },
              open: { type: 'object', additionalProperties: true },
            },
            required: ['day', 'ghost'],
          },
        ],
      },
      Kind: { type: 'string', enum: ['A', 'B'], nullable: true },
      Carrier: { oneOf: [{ type: 'string', enum: ['PPL'] }, { type: 'string' }] },
      ErrorsResponse: {
        type: 'object',
        properties: { errors: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } } },
        required: ['errors'],
      },
    },
  },
});

const thing = { id: 'x', day: '2024-02-29' };
const keywords = (body: unknown) => doc.checkResponse('getThing', 200, body).map((v) => `${v.schema} ${v.path} ${v.keyword}`);

describe('the published document read as a generated okhttp-gson client reads it', () => {
  it('when allOf parts are merged, then the properties and required names of every part count', () => {
    expect(keywords(thing)).to.deep.equal([]);
    expect(keywords({ day: null })).to.deep.equal(['Thing id required']);
  });

  it('when a property is not declared, then it is a violation (additionalProperties false unless the document says otherwise)', () => {
    expect(keywords({ ...thing, extra: 1 })).to.deep.equal(['Thing extra additionalProperties']);
    expect(keywords({ ...thing, open: { anything: 1 } })).to.deep.equal([]);
  });

  it('when a required name is declared nowhere, then it is dropped, as the generator drops it', () => {
    expect(keywords(thing)).to.not.include('Thing ghost required');
  });

  it('when a property is null, then only nullable ones (and nullable enums) accept it', () => {
    expect(keywords({ ...thing, note: null, kind: null })).to.deep.equal([]);
    expect(keywords({ id: null, day: '2024-01-01' })).to.deep.equal(['Thing id type']);
    expect(keywords({ ...thing, kind: 'C' })).to.deep.equal(['Kind kind enum']);
  });

  it('when a date is not a calendar day, then format date refuses it; a length over maxLength is a schema-only violation', () => {
    expect(keywords({ ...thing, day: '2023-02-29' })).to.deep.equal(['Thing day format']);
    const [long] = doc.checkResponse('getThing', 200, { ...thing, note: 'toolong' });
    expect(long).to.include({ keyword: 'maxLength', breaksSdk: false });
    expect(isCalendarDate('2024-02-29')).to.equal(true);
    expect(isCalendarDate('2024-13-01')).to.equal(false);
  });

  it('when a value matches both branches of a oneOf, then it is a violation, as the generated oneOf model counts matches', () => {
    expect(doc.checkComponent('Carrier', 'PPL').map((v) => v.keyword)).to.deep.equal(['oneOf']);
    expect(doc.checkComponent('Carrier', 'Own van')).to.deep.equal([]);
  });

  it('when an error body has another shape, then the ErrorsResponse check names what is missing and what is extra', () => {
    expect(doc.checkResponse('getThing', 404, { error: 'invalid_token' }).map((v) => `${v.path} ${v.keyword}`)).to.have.members([
      'errors required',
      'error additionalProperties',
    ]);
  });
});
