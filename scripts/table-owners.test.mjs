// The table-ownership check of `npm run lint` (scripts/table-owners.mjs): a table is written only by
// the repositories of the domain its schema file is named after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { foreignWrites } from './table-owners.mjs';

let src;
beforeEach(() => {
  src = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'owners-')), 'api', 'src');
  write({
    'db/schema/cart.ts':
      "import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const carts = pgTable('carts', { id: text('id') });\nexport const cartItems = pgTable('cart_items', { id: text('id') });\n",
    'db/schema/index.ts': "export * from './cart';\n",
    'cart/repository.ts':
      "import { carts, cartItems } from '../db/schema';\nexport const add = (db) => db.insert(carts).values({});\nexport const clear = (db) => db.delete(cartItems);\n",
  });
});
afterEach(() => fs.rmSync(path.resolve(src, '..', '..'), { recursive: true, force: true }));

function write(files) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(src, name)), { recursive: true });
    fs.writeFileSync(path.join(src, name), text);
  }
}

const found = () => foreignWrites(src).problems.map((p) => `${p.file}:${p.line} ${p.how} ${p.table} (${p.owner})`);

test("the owner's repository writing its own tables is no problem", () => {
  expect(found()).toEqual([]);
  expect(foreignWrites(src).tables.map((t) => [t.name, t.sqlName, t.owner])).toEqual([
    ['carts', 'carts', 'cart'],
    ['cartItems', 'cart_items', 'cart'],
  ]);
});

test("another domain's repository writing the table is refused, through drizzle, a renamed import or a namespace", () => {
  write({
    'money/payments/fulfilment-repository.ts': [
      "import * as schema from '../../db/schema';",
      "import { cartItems as lines } from '../../db/schema';",
      'export const take = (tx) => tx.update(lines).set({});',
      'export const drop = (tx) => tx.delete(schema.cartItems);',
      'export const read = (tx) => tx.select().from(lines);',
      '',
    ].join('\n'),
  });
  expect(found()).toEqual([
    'money/payments/fulfilment-repository.ts:3 update cartItems (cart)',
    'money/payments/fulfilment-repository.ts:4 delete cartItems (cart)',
  ]);
});

test('SQL text that writes the table by name is a write too (insert, update, delete, truncate)', () => {
  write({
    'demo/history-repository.ts': [
      'export const a = (sql) => sql.query(`INSERT INTO cart_items (id) VALUES ($1)`);',
      "export const b = (sql) => sql.query('update carts set id = 1');",
      'export const c = (sql, id) => sql.query(`delete from "cart_items" where id = ${id}`);',
      "export const d = (sql) => sql.query('TRUNCATE TABLE carts');",
      "export const reads = (sql) => sql.query('select * from carts; -- an update of nothing');",
      '',
    ].join('\n'),
  });
  expect(found()).toEqual([
    'demo/history-repository.ts:1 SQL INSERT cartItems (cart)',
    'demo/history-repository.ts:2 SQL UPDATE carts (cart)',
    'demo/history-repository.ts:3 SQL DELETE cartItems (cart)',
    'demo/history-repository.ts:4 SQL TRUNCATE carts (cart)',
  ]);
});

test("inside the owner, only a repository writes: the domain's service does not", () => {
  write({ 'cart/service.ts': "import { carts } from '../db/schema';\nexport const add = (db) => db.insert(carts).values({});\n" });
  expect(found()).toEqual(['cart/service.ts:2 insert carts (cart)']);
});

test('a schema file named after no domain folder is reported: its tables have no owner', () => {
  write({
    'db/schema/catalogue.ts':
      "import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const ratings = pgTable('ratings', { id: text('id') });\n",
  });
  expect(foreignWrites(src).unowned.map((t) => `${t.schemaFile} ${t.name}`)).toEqual(['db/schema/catalogue.ts ratings']);
});
