/**
 * The words students search with that a listing may not carry: "textbook" for the Books
 * shelf, "laptop" for Computers, "canvas" for sneakers. Algolia synonym objects, served by
 * the built-in engine and saved to Algolia's index by the Algolia indexer, so both answer
 * the same. A term of several words ("power bank") is matched as a phrase.
 */
import type { ServedSynonym } from '../search';

export const CAMPUS_SYNONYMS: readonly ServedSynonym[] = [
  { objectID: 'books', type: 'synonym', synonyms: ['book', 'books', 'textbook', 'textbooks', 'text book', 'handout', 'handouts'] },
  {
    objectID: 'phones',
    type: 'synonym',
    synonyms: ['phone', 'phones', 'smartphone', 'smartphones', 'mobile phone', 'cell phone', 'handset'],
  },
  { objectID: 'laptops', type: 'synonym', synonyms: ['laptop', 'laptops', 'computer', 'computers', 'pc', 'notebook computer'] },
  { objectID: 'chargers', type: 'synonym', synonyms: ['charger', 'chargers', 'adapter', 'adaptor', 'power adapter'] },
  // A student looking for a laptop's charger wants to see the chargers on sale, whatever they fit.
  { objectID: 'laptop-charger', type: 'onewaysynonym', input: 'laptop charger', synonyms: ['charger', 'power adapter'] },
  { objectID: 'power-banks', type: 'synonym', synonyms: ['power bank', 'powerbank', 'power banks', 'powerbanks'] },
  { objectID: 'earphones', type: 'synonym', synonyms: ['earphones', 'earphone', 'earbuds', 'earpiece', 'headphones', 'airpods'] },
  { objectID: 'sneakers', type: 'synonym', synonyms: ['sneakers', 'sneaker', 'canvas', 'trainers'] },
  { objectID: 'slippers', type: 'synonym', synonyms: ['slippers', 'slipper', 'slides'] },
  { objectID: 't-shirts', type: 'synonym', synonyms: ['t shirt', 'tshirt', 'tshirts', 't shirts', 'tee'] },
  { objectID: 'clothes', type: 'synonym', synonyms: ['clothes', 'clothing', 'wears'] },
  { objectID: 'fridges', type: 'synonym', synonyms: ['fridge', 'refrigerator', 'freezer'] },
];
