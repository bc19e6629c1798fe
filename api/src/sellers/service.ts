/**
 * Sellers' rules: opening the one store a user may have, changing it, and
 * listing, changing and deleting its products (owner only, checked here from
 * the database, never from the browser). Photos are stored before the row
 * that names them and removed after the row that stopped naming them, so a
 * failure in between leaves an orphan file at worst, never a broken product.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_PRODUCT_PHOTOS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import {
  productCreateFieldsSchema,
  productUpdateFieldsSchema,
  sellerPaymentUpdateSchema,
  sellerRegisterBodySchema,
  sellerStoreUpdateSchema,
  type Product,
  type SellerCatalogue,
  type SellerProfile,
} from '@campus/shared/schemas';
import { databaseErrorCode } from '../db/errors';
import type { PhotoRef, ProductRow, SellerRow, UserRow } from '../db/schema';
import { findUserById, fullNameOf, sendMail } from '../accounts';
import type { MultipartBody } from '../http/multipart';
import { parseFields } from '../http/form-fields';
import { findCategory } from '../categories';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import { pagination } from '../http/pagination';
import { verifyPassword } from '../lib/crypto';
import { Counter } from '../plugins/rate-limits';
import { PhotoError } from '../photos';
import * as productsRepo from '../products';
import { bankDetailsChangedEmail } from './emails';
import { ownedProduct, ownedSeller } from './ownership';
import * as repo from './repository';
import { storeNameSkeleton } from './store-names';

const PAYMENT_FIELDS = ['bankName', 'accountNumber', 'accountName'];

/** No store may take a name that looks like another store's (store-names.ts); `sellerId` is the store being renamed. */
async function refuseLookalikeName(app: FastifyInstance, skeleton: string, sellerId: string | null): Promise<void> {
  const holder = await repo.sellerWithNameSkeleton(app.db, skeleton);
  if (holder && holder.id !== sellerId) throw conflict(MESSAGES.seller.storeNameLookalike);
}

export async function register(app: FastifyInstance, userId: string, form: MultipartBody): Promise<SellerProfile> {
  const body = parseFields(sellerRegisterBodySchema, form.fields, MESSAGES.sellerRegister.invalid);
  if (await repo.sellerOfUser(app.db, userId)) throw conflict(MESSAGES.sellerRegister.alreadySeller);
  const catalogueNameSkeleton = storeNameSkeleton(body.catalogueName);
  await refuseLookalikeName(app, catalogueNameSkeleton, null);
  // The bank's name for the account and its bank code are kept: payouts go there, and check that name again.
  const account = await app.bankAccounts.resolve(body.bankName, body.accountNumber);
  const [picture] = await app.catalogue.photos.store('sellers', form.files, 1);
  const row = await repo.insertSeller(
    app.db,
    {
      userId,
      catalogueName: body.catalogueName,
      catalogueNameSkeleton,
      storeDescription: body.storeDescription ?? null,
      bankName: body.bankName,
      accountNumber: body.accountNumber,
      accountName: account.accountName,
      bankCode: account.bankCode,
      bankAccountName: account.accountName,
      phoneNumber: body.phoneNumber,
      whatsappNumber: body.whatsappNumber ?? body.phoneNumber,
      location: body.location,
      picture: picture ?? null,
    },
    app.clock.now(),
  );
  if (!row) {
    // Two quick submits (or two stores named alike at once): a unique index decided, this one lost.
    if (picture) await app.catalogue.photos.remove([picture]);
    if (await repo.sellerOfUser(app.db, userId)) throw conflict(MESSAGES.sellerRegister.alreadySeller);
    throw conflict(MESSAGES.seller.storeNameLookalike);
  }
  return repo.toSellerProfile(app.db, row);
}

/** The user's store, 404 when they have none (how the browser learns "not a seller"). */
export async function myProfile(app: FastifyInstance, userId: string): Promise<SellerProfile> {
  const row = await repo.sellerOfUser(app.db, userId);
  if (!row) throw notFound(MESSAGES.validation.sellerInfoNotFound);
  return repo.toSellerProfile(app.db, row);
}

/** The public store page: no bank details. */
/** The public store page: the store, its owner, one page of its products and its categories (paged, and no reviews: they are on each product's page). */
export async function publicCatalogue(
  app: FastifyInstance,
  sellerId: string,
  query: productsRepo.StoreProductsQuery,
): Promise<SellerCatalogue> {
  const seller = await repo.sellerById(app.db, sellerId);
  if (!seller) throw notFound(MESSAGES.validation.sellerInfoNotFound);
  const [owner, page, categoryCounts, stats] = await Promise.all([
    findUserById(app.db, seller.userId),
    productsRepo.pageStoreProducts(app.db, seller.id, query),
    productsRepo.storeCategories(app.db, seller.id),
    repo.sellerStats(app.db, seller.id),
  ]);
  const picture = seller.picture?.galleryUrl ?? null;
  return {
    id: seller.id,
    catalogueName: seller.catalogueName,
    catalogueCover: picture,
    cataloguePicture: picture,
    storeDescription: seller.storeDescription,
    location: seller.location,
    createdAt: seller.createdAt.toISOString(),
    averageRating: stats.averageRating,
    user: {
      name: owner ? fullNameOf(owner) : '',
      firstName: owner?.firstName ?? '',
      profilePicture: owner?.profilePicture ?? null,
    },
    _count: { products: stats.productCount },
    products: page.items,
    pagination: pagination(query.page, query.limit, page.totalItems),
    categories: categoryCounts,
  };
}

/**
 * Changing where a store's money goes asks for the password again. Wrong
 * guesses are counted per user (a stolen session must not become an unlimited
 * password oracle), as the password change does.
 */
async function checkCurrentPassword(app: FastifyInstance, userId: string, password: string): Promise<UserRow> {
  // Counted in the database before the (slow) check, like every security limit: parallel guesses cannot all slip through.
  const attempts = new Counter(app.counters, app.clock, 'payment-password', app.limits.changePassword.perUser);
  if ((await attempts.hit(userId)) !== null) throw new HttpError(429, MESSAGES.generic.tooManyRequests);
  const user = await findUserById(app.db, userId);
  // 400, not 401: a 401 would make the browser drop the (valid) session.
  if (!user || !(await verifyPassword(password, user.passwordHash))) throw badRequest(MESSAGES.account.oldPasswordIncorrect);
  await attempts.reset(userId);
  return user;
}

/**
 * Either the Store Info payload (catalogueName, storeDescription, phoneNumber,
 * whatsappNumber, location, cataloguePicture) or the Payments payload
 * (bankName, accountNumber, accountName, currentPassword; the account checked with
 * the bank, whose name for it is kept). A new store name goes to the search index.
 */
export async function updateStore(
  app: FastifyInstance,
  userId: string,
  sellerId: string,
  form: MultipartBody,
): Promise<{ profile: SellerProfile; message: string }> {
  const seller = await ownedSeller(app.db, sellerId, userId);
  const isPayment = PAYMENT_FIELDS.some((f) => f in form.fields);
  const changes: Partial<SellerRow> = { updatedAt: app.clock.now() };
  let message: string = MESSAGES.seller.storeUpdated;
  let owner: UserRow | null = null;
  if (isPayment) {
    const payment = parseFields(sellerPaymentUpdateSchema, form.fields, MESSAGES.sellerRegister.invalid);
    owner = await checkCurrentPassword(app, userId, payment.currentPassword);
    const account = await app.bankAccounts.resolve(payment.bankName, payment.accountNumber);
    changes.bankName = payment.bankName;
    changes.accountNumber = payment.accountNumber;
    changes.accountName = account.accountName;
    changes.bankCode = account.bankCode;
    changes.bankAccountName = account.accountName;
    // Another account (not the same one saved again): payouts to it wait 24 hours (payments/payout-destination.ts).
    const sameBank = seller.bankCode ? seller.bankCode === account.bankCode : seller.bankName === payment.bankName;
    if (!sameBank || seller.accountNumber !== payment.accountNumber) changes.bankAccountChangedAt = app.clock.now();
    message = MESSAGES.seller.paymentUpdated;
  }
  if (!isPayment || 'catalogueName' in form.fields) {
    const store = parseFields(sellerStoreUpdateSchema, form.fields, MESSAGES.sellerRegister.invalid);
    changes.catalogueName = store.catalogueName;
    // Compared only when the name changes: a store named before names were compared keeps its name.
    if (store.catalogueName !== seller.catalogueName) {
      changes.catalogueNameSkeleton = storeNameSkeleton(store.catalogueName);
      await refuseLookalikeName(app, changes.catalogueNameSkeleton, seller.id);
    }
    if ('storeDescription' in form.fields) changes.storeDescription = store.storeDescription ?? null;
    if (store.phoneNumber) changes.phoneNumber = store.phoneNumber;
    if ('whatsappNumber' in form.fields) changes.whatsappNumber = store.whatsappNumber ?? store.phoneNumber ?? seller.phoneNumber;
    if (store.location) changes.location = store.location;
  }
  const [picture] = await app.catalogue.photos.store('sellers', form.files, 1);
  if (picture) changes.picture = picture;
  let row: SellerRow | undefined;
  try {
    row = await repo.updateSeller(app.db, seller.id, changes);
  } catch (error) {
    // Another store took a name that looks the same in the meantime: the unique index decided.
    if (databaseErrorCode(error) !== '23505') throw error;
    if (picture) await app.catalogue.photos.remove([picture]);
    throw conflict(MESSAGES.seller.storeNameLookalike);
  }
  if (picture && seller.picture) await app.catalogue.photos.remove([seller.picture]);
  if (changes.catalogueName && changes.catalogueName !== seller.catalogueName) await app.catalogue.search.seller(seller.id);
  if (owner && row) sendMail(app, bankDetailsChangedEmail(app.config, owner.email, owner.firstName, row));
  return { profile: await repo.toSellerProfile(app.db, row ?? seller), message };
}

export async function createProduct(app: FastifyInstance, userId: string, sellerId: string, form: MultipartBody): Promise<Product> {
  const seller = await ownedSeller(app.db, sellerId, userId);
  const fields = parseFields(productCreateFieldsSchema, form.fields, MESSAGES.validation.fillAllRequiredFields);
  const category = await findCategory(app.db, fields.categoryId);
  if (!category) throw badRequest(MESSAGES.products.unknownCategory);
  if (form.files.length === 0) throw badRequest(MESSAGES.products.needPhoto);
  const row = await withStoredPhotos(app, 'products', form.files, undefined, (photos) =>
    productsRepo.insertProduct(
      app.db,
      {
        slug: productsRepo.makeSlug(fields.name),
        sellerId: seller.id,
        categoryId: category.id,
        name: fields.name,
        description: fields.description,
        priceKobo: fields.price,
        stockQuantity: fields.stockQuantity,
        condition: fields.condition ?? null,
        photos,
      },
      app.clock.now(),
    ),
  );
  await app.catalogue.search.products([row.id]);
  return productsRepo.toProduct(app.db, row);
}

/**
 * Stores the photos, then runs the database write that names them; when the
 * write fails (a refused value, a lost race) the photos just stored go again,
 * so a refused request leaves no file behind.
 */
async function withStoredPhotos<T>(
  app: FastifyInstance,
  folder: 'products' | 'sellers',
  files: MultipartBody['files'],
  max: number | undefined,
  write: (stored: PhotoRef[]) => Promise<T>,
): Promise<T> {
  const stored = files.length > 0 ? await app.catalogue.photos.store(folder, files, max) : [];
  try {
    return await write(stored);
  } catch (error) {
    await app.catalogue.photos.remove(stored);
    throw error;
  }
}

/** The current photos named in `listed` (by either URL), in that order, each once. */
function keptPhotos(current: readonly PhotoRef[], listed: readonly string[]): PhotoRef[] {
  const kept: PhotoRef[] = [];
  for (const url of listed) {
    const photo = current.find((p) => p.galleryUrl === url || p.cardUrl === url);
    if (photo && !kept.includes(photo)) kept.push(photo);
  }
  return kept;
}

/**
 * Only the fields given change. Photos: `imageUrls` lists the current photos
 * to keep (in order); new files are added after them; files without
 * `imageUrls` replace the photos. At most 4, at least 1.
 */
export async function updateProduct(app: FastifyInstance, userId: string, productId: string, form: MultipartBody): Promise<Product> {
  const { product } = await ownedProduct(app.db, productId, userId);
  const { imageUrls: _listedSeparately, ...textFields } = form.fields;
  const fields = parseFields(productUpdateFieldsSchema, textFields, MESSAGES.validation.fillAllRequiredFields);
  const changes: Partial<ProductRow> = { updatedAt: app.clock.now() };
  if (fields.name !== undefined) changes.name = fields.name;
  if (fields.description !== undefined) changes.description = fields.description;
  if (fields.price !== undefined) changes.priceKobo = fields.price;
  if (fields.stockQuantity !== undefined) changes.stockQuantity = fields.stockQuantity;
  if (fields.condition !== undefined) changes.condition = fields.condition;
  if (fields.categoryId !== undefined) {
    const category = await findCategory(app.db, fields.categoryId);
    if (!category) throw badRequest(MESSAGES.products.unknownCategory);
    changes.categoryId = category.id;
  }

  const listed = form.lists.imageUrls;
  let removed: PhotoRef[] = [];
  const row = await withStoredPhotos(app, 'products', form.files, MAX_PRODUCT_PHOTOS, (added) =>
    app.db.transaction(async (tx) => {
      // The row as it is now, locked: a concurrent edit finished first and its photos are the ones to keep or drop.
      const current = (await productsRepo.lockProduct(tx, product.id)) ?? product;
      if (listed !== undefined || added.length > 0) {
        const kept = listed !== undefined ? keptPhotos(current.photos, listed) : [];
        if (kept.length + added.length > MAX_PRODUCT_PHOTOS)
          throw new PhotoError('too-many', MESSAGES.uploads.tooManyPhotos(MAX_PRODUCT_PHOTOS));
        if (kept.length + added.length === 0) throw badRequest(MESSAGES.products.needPhoto);
        changes.photos = [...kept, ...added];
        removed = current.photos.filter((p) => !kept.includes(p));
      }
      return productsRepo.updateProduct(tx, product.id, changes);
    }),
  );
  // After the commit: no row names these any more.
  await app.catalogue.photos.remove(removed);
  await app.catalogue.search.products([product.id]);
  return productsRepo.toProduct(app.db, row ?? product);
}

/** The product, its photos and its search record go. */
export async function deleteProduct(app: FastifyInstance, userId: string, productId: string): Promise<void> {
  const { product } = await ownedProduct(app.db, productId, userId);
  await productsRepo.deleteProduct(app.db, product.id);
  await app.catalogue.photos.remove(product.photos);
  await app.catalogue.search.removed([product.id]);
}
