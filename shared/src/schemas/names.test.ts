import { MESSAGES } from '../messages';
import { updateProfileBodySchema } from './auth';
import { productCreateFieldsSchema, sellerStoreUpdateSchema } from './catalogue';
import { hasInvisibleCharacters } from './names';

const INVISIBLE = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
].concat(['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']);

test('every bidi control and zero-width character is found, and ordinary names in any script pass', () => {
  for (const character of INVISIBLE) expect(hasInvisibleCharacters(`Gadget${character} Hub`)).toBe(true);
  for (const name of ['Gadget Hub', 'Ọlá’s Kitchen', 'مكتبة', 'Zoë & Chidi', 'Ṣeun']) expect(hasInvisibleCharacters(name)).toBe(false);
});

test('a store, product or person name with one is refused with the message that says why', () => {
  const store = sellerStoreUpdateSchema.safeParse({ catalogueName: '\u202eGadget Hub\u200b' });
  expect(store.success).toBe(false);
  expect(store.error?.issues[0]?.message).toBe(MESSAGES.validation.invisibleCharacters);
  const product = productCreateFieldsSchema.safeParse({
    name: 'Lamp\u200d',
    description: 'd',
    price: '10',
    stockQuantity: 1,
    categoryId: 'c',
  });
  expect(product.error?.issues.map((i) => i.message)).toEqual([MESSAGES.validation.invisibleCharacters]);
  const person = updateProfileBodySchema.safeParse({ firstName: 'Ada', lastName: 'Obi\u2066' });
  expect(person.error?.issues.map((i) => i.message)).toEqual([MESSAGES.validation.invisibleCharacters]);
  expect(updateProfileBodySchema.safeParse({ firstName: 'Ada' }).success).toBe(true);
});
