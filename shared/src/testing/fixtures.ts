/** Entities in the API's wire shapes, for every browser workspace's tests. Overrides change one field. */
import { koboToDecimalString, toKobo } from '../money';
import type { Cart, Category, Product, SearchRecord, SellerSummary, User, WishlistEntry } from '../schemas/entities';
import type { ChatMessage, Conversation } from '../schemas/messages';
import type { BuyerOrder } from '../schemas/orders';

export function makeSeller(overrides: Partial<SellerSummary> = {}): SellerSummary {
  return {
    id: 'seller-1',
    catalogueName: 'Ada Gadgets',
    storeDescription: 'Phones and chargers near Hall 3',
    bankName: 'GTBank',
    accountNumber: '0123456789',
    accountName: 'Ada Obi',
    phoneNumber: '08030000000',
    whatsappNumber: null,
    location: 'Hall 3',
    cataloguePicture: null,
    catalogueCover: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    name: 'Ada Obi',
    firstName: 'Ada',
    lastName: 'Obi',
    fullName: 'Ada Obi',
    displayName: null,
    email: 'ada@students.example.edu',
    role: 'Customer',
    profilePicture: null,
    emailVerified: true,
    isSeller: false,
    sellerCompleted: false,
    seller: null,
    cart: { id: 'cart-1' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  return { id: 'c-electronics', name: 'Electronics', ...overrides };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'p1',
    slug: 'iphone-12-p1',
    name: 'iPhone 12',
    description: 'A clean iPhone 12, 128 GB',
    price: '250000.00',
    originalPrice: null,
    stockQuantity: 4,
    inStock: true,
    condition: 'fairly-used',
    categoryId: 'c-electronics',
    category: makeCategory(),
    imageUrls: ['/img/p1-a.jpg', '/img/p1-b.jpg'],
    seller: { id: 'seller-2', catalogueName: 'Tech Hub' },
    ratings: [],
    averageRating: 0,
    totalRatings: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A search index record (spec section 3). */
export function makeRecord(overrides: Partial<SearchRecord> = {}): SearchRecord {
  return {
    objectID: 'p1',
    productId: 'p1',
    slug: 'iphone-12-p1',
    name: 'iPhone 12',
    description: 'A clean iPhone 12, 128 GB',
    price: 250000,
    stockQuantity: 4,
    categoryId: 'c-electronics',
    categoryName: 'Electronics',
    sellerId: 'seller-2',
    sellerName: 'Tech Hub',
    imageUrls: ['/img/p1.jpg'],
    createdAt: Date.parse('2026-03-01T10:00:00Z'),
    updatedAt: Date.parse('2026-03-01T10:00:00Z'),
    averageRating: 4.5,
    totalRatings: 2,
    inStock: true,
    ...overrides,
  };
}

export interface CartLineFixture {
  id: string;
  productId: string;
  quantity: number;
  stock?: number;
  price?: string;
  name?: string;
  sellerId?: string;
  catalogueName?: string;
}

/** A cart grouped by seller as GET /cart answers it; totals computed in kobo like the API. */
export function makeCart(lines: CartLineFixture[] = []): Cart {
  const groups = new Map<string, Cart['sellers'][number]>();
  let totalKobo = 0;
  for (const line of lines) {
    const sellerId = line.sellerId ?? 'seller-2';
    const group = groups.get(sellerId) ?? { sellerId, catalogueName: line.catalogueName ?? 'Tech Hub', items: [] };
    const price = line.price ?? '250000.00';
    totalKobo += toKobo(price) * line.quantity;
    group.items.push({
      id: line.id,
      quantity: line.quantity,
      productId: line.productId,
      cartId: 'cart-1',
      product: { name: line.name ?? 'iPhone 12', price, imageUrls: [], stockQuantity: line.stock ?? 4, slug: `${line.productId}-slug` },
    });
    groups.set(sellerId, group);
  }
  const totalItems = lines.reduce((n, l) => n + l.quantity, 0);
  return {
    cartId: 'cart-1',
    sellers: [...groups.values()],
    totals: { totalItems, totalPrice: koboToDecimalString(totalKobo) },
  };
}

export function makeWishlistEntry(product: Product = makeProduct()): WishlistEntry {
  return { productId: product.id, product };
}

/** An order as its buyer sees it (GET /orders/user, GET /payments/verify): open, with its completion code. */
export function makeBuyerOrder(overrides: Partial<BuyerOrder> = {}): BuyerOrder {
  return {
    id: 'o1',
    orderCode: 'CM-AAAA-BBBB',
    settlementCode: null,
    userId: 'user-1',
    hostelName: 'Moremi Hall',
    blockNumber: 'B',
    roomNo: '214',
    orderStatus: 'PENDING',
    totalPrice: '6400.00',
    createdAt: '2026-11-23T10:00:00.000Z',
    paidAt: '2026-11-23T10:00:05.000Z',
    seller: { id: 's1', catalogueName: 'Hostel Hacks' },
    completionCode: '482913',
    cancellable: true,
    disputable: false,
    orderItems: [
      {
        id: 'oi1',
        quantity: 2,
        price: '3200.00',
        rating: null,
        product: { id: 'p1', name: 'Desk lamp', slug: 'desk-lamp', imageUrls: [] },
      },
    ],
    ...overrides,
  };
}

/** A message of conversation 'conv-1', from the buyer (user-1) unless overridden. */
export function makeChatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'msg-1',
    conversationId: 'conv-1',
    seq: 1,
    senderId: 'user-1',
    from: 'buyer',
    text: 'Is the lamp still available?',
    photos: [],
    safetyNotice: false,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

/** Conversation 'conv-1' between buyer user-1 (Ada Obi) and the store Hostel Hacks about the desk lamp, seen as the buyer. */
export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'conv-1',
    role: 'buyer',
    buyer: { id: 'user-1', name: 'Ada Obi' },
    store: { id: 'seller-2', name: 'Hostel Hacks' },
    product: { id: 'p1', slug: 'desk-lamp', name: 'Desk lamp', thumbnailUrl: null },
    orderId: null,
    lastMessage: makeChatMessage(),
    unread: 0,
    otherReadSeq: 0,
    blocked: null,
    createdAt: '2026-11-23T09:59:00.000Z',
    ...overrides,
  };
}
