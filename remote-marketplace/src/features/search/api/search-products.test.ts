import { installTestRuntimeConfig, makeRecord } from '@campus/shared/testing';
import { fakeSearch } from '../../../test/fake-search';
import { getSuggestions } from './get-suggestions';
import { buildFilters, searchProducts } from './search-products';

const runSearchMock = fakeSearch();

beforeEach(() => {
  installTestRuntimeConfig({ search: { appId: 'campus', apiKey: 'key', indexName: 'products' } });
  runSearchMock.mockReset();
});

describe('buildFilters', () => {
  it('combines a quoted category and a closed price band', () => {
    expect(buildFilters('Home & "Kitchen"', '10000-19999.99')).toBe('categoryName:"Home & \\"Kitchen\\"" AND price:10000 TO 19999.99');
  });
  it('uses an open lower bound for 40,000 and above, nothing for All Price', () => {
    expect(buildFilters('', '40000+')).toBe('price >= 40000');
    expect(buildFilters('', 'all')).toBe('');
  });
  it("adds the listing's condition, quoted, to the other filters", () => {
    expect(buildFilters('Books', 'all', 'fairly-used')).toBe('categoryName:"Books" AND condition:"fairly-used"');
    expect(buildFilters('', '0-9999.99', 'used')).toBe('price:0 TO 9999.99 AND condition:"used"');
  });
});

describe('searchProducts', () => {
  it('sends 0-based pages to the sort replica and answers 1-based pagination', async () => {
    runSearchMock.mockResolvedValue({ hits: [makeRecord()], nbHits: 23, nbPages: 3, page: 1, hitsPerPage: 10 } as never);
    const result = await searchProducts({
      query: 'iphnoe',
      page: 2,
      sort: 'price-low',
      category: 'Electronics',
      priceBand: 'all',
      condition: '',
    });
    expect(runSearchMock).toHaveBeenCalledWith(
      expect.objectContaining({
        indexName: 'products_price_asc',
        query: 'iphnoe',
        page: 1,
        hitsPerPage: 10,
        filters: 'categoryName:"Electronics"',
      }),
    );
    expect(result.pagination).toEqual({ currentPage: 2, totalPages: 3, totalItems: 23, itemsPerPage: 10 });
    expect(result.products).toHaveLength(1);
    expect(result.query).toBe('iphnoe');
  });

  it('uses the primary index for relevance and each replica for the other sorts', async () => {
    runSearchMock.mockResolvedValue({ hits: [], nbHits: 0, nbPages: 0, page: 0, hitsPerPage: 10 } as never);
    const sorts = ['relevance', 'newest', 'oldest', 'price-low', 'price-high', 'rating'] as const;
    for (const sort of sorts) await searchProducts({ query: '', page: 1, sort, category: '', priceBand: 'all', condition: '' });
    expect(runSearchMock.mock.calls.map(([r]) => r.indexName)).toEqual([
      'products',
      'products_newest',
      'products_oldest',
      'products_price_asc',
      'products_price_desc',
      'products_rating',
    ]);
  });
});

describe('getSuggestions', () => {
  it('suggests nothing for an empty query without calling the service', async () => {
    expect(await getSuggestions('   ')).toEqual([]);
    expect(runSearchMock).not.toHaveBeenCalled();
  });

  it('maps hits to suggestions', async () => {
    runSearchMock.mockResolvedValue({ hits: [{ ...makeRecord(), _highlightResult: { name: { value: 'hl' } } }] } as never);
    expect(await getSuggestions('iph')).toEqual([
      { id: 'p1', slug: 'iphone-12-p1', name: 'iPhone 12', highlighted: 'hl', categoryName: 'Electronics' },
    ]);
  });
});
