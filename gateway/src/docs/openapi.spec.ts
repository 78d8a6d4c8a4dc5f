import { Routes } from '@curbside/contracts';
import { buildOpenApiDocument, openApiPath } from './openapi';

describe(buildOpenApiDocument.name, () => {
  const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> };

  it('documents every route of the contracts', () => {
    for (const route of Object.values(Routes)) {
      const path = openApiPath(route.path);
      expect(doc.paths[path]?.[route.method]).toBeDefined();
    }
  });

  it('describes bodies, parameters and the session requirement from the schemas', () => {
    const post = doc.paths['/api/items'].post;
    expect(post.security).toEqual([{ session: [] }]);
    type ObjectSchema = { required: string[]; properties: Record<string, unknown> };
    const body = (post.requestBody as { content: { 'application/json': { schema: { oneOf?: ObjectSchema[]; anyOf?: ObjectSchema[] } } } }).content[
      'application/json'
    ].schema;
    // A single item or a garage sale (isGarageSale: true): one schema each.
    const options = body.oneOf ?? body.anyOf ?? [];
    const sale = options.find((o) => o.required.includes('isGarageSale'));
    const single = options.find((o) => !o.required.includes('isGarageSale'));
    expect(single?.required).toEqual(expect.arrayContaining(['title', 'category']));
    expect(Object.keys(single?.properties ?? {})).toEqual(expect.arrayContaining(['title', 'category', 'location', 'timeLimit', 'pricingType']));
    expect(sale?.required).toEqual(expect.arrayContaining(['title', 'garageSaleAddress', 'garageSaleContactInfo', 'garageSaleStartTime', 'garageSaleEndTime']));
    const feedParams = (doc.paths['/api/items'].get.parameters as { name: string; in: string; required: boolean }[]).map((p) => [p.name, p.in, p.required]);
    expect(feedParams).toEqual(expect.arrayContaining([['lat', 'query', true], ['lng', 'query', true], ['radius', 'query', false]]));
    expect(doc.paths['/api/users/{id}'].get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });
});
