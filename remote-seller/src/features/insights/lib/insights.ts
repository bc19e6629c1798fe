/**
 * Figures over a store's real orders (Customers and Analytics from
 * real orders, not the spec's samples). Money stays in kobo until shown.
 * A cancelled order was refunded: it counts for the cancel rate only.
 */
import { toKobo } from '@campus/shared/money';
import type { Order, SellerOrder } from '@campus/shared/schemas';

export interface CustomerRow {
  userId: string;
  /** The buyer's first name as on their latest order (null where the buyer's account is gone). */
  firstName: string | null;
  orders: number;
  spentKobo: number;
  firstOrderAt: string;
  lastOrderAt: string;
  /** Where they last collected. */
  hostel: string;
}

const sold = <T extends Order>(orders: readonly T[]): T[] => orders.filter((o) => o.orderStatus !== 'CANCELLED');

export function customersOf(orders: readonly SellerOrder[]): CustomerRow[] {
  const byBuyer = new Map<string, CustomerRow>();
  // Oldest first, so the last one seen is the latest pickup.
  for (const order of [...sold(orders)].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const row = byBuyer.get(order.userId) ?? {
      userId: order.userId,
      firstName: null,
      orders: 0,
      spentKobo: 0,
      firstOrderAt: order.createdAt,
      lastOrderAt: order.createdAt,
      hostel: '',
    };
    row.orders += 1;
    row.spentKobo += toKobo(order.totalPrice);
    row.lastOrderAt = order.createdAt;
    row.firstName = order.buyerFirstName || row.firstName;
    row.hostel = [order.hostelName, order.blockNumber && `Block ${order.blockNumber}`, order.roomNo && `Room ${order.roomNo}`]
      .filter(Boolean)
      .join(', ');
    byBuyer.set(order.userId, row);
  }
  return [...byBuyer.values()].sort((a, b) => b.spentKobo - a.spentKobo || a.userId.localeCompare(b.userId));
}

export interface CustomerSummary {
  total: number;
  /** Buyers whose first order falls in the current calendar month. */
  newThisMonth: number;
  /** Buyers with more than one order. */
  repeat: number;
  averageOrderKobo: number;
}

export function customerSummary(orders: readonly Order[], now: Date): CustomerSummary {
  const rows = customersOf(orders);
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
  const kept = sold(orders);
  const totalKobo = kept.reduce((sum, o) => sum + toKobo(o.totalPrice), 0);
  return {
    total: rows.length,
    newThisMonth: rows.filter((r) => new Date(r.firstOrderAt).getTime() >= monthStart).length,
    repeat: rows.filter((r) => r.orders > 1).length,
    averageOrderKobo: kept.length ? Math.round(totalKobo / kept.length) : 0,
  };
}

/** Revenue per calendar day (local time) over the last `days` days, oldest first; days without sales are 0. */
export function revenueByDay(orders: readonly Order[], now: Date, days = 30): Array<{ day: Date; kobo: number }> {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  const series = Array.from({ length: days }, (_, i) => ({
    day: new Date(start.getFullYear(), start.getMonth(), start.getDate() + i),
    kobo: 0,
  }));
  for (const order of sold(orders)) {
    const at = new Date(order.createdAt);
    const index = Math.round((new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime() - start.getTime()) / 86_400_000);
    const slot = series[index];
    if (slot) slot.kobo += toKobo(order.totalPrice);
  }
  return series;
}

/** Units sold per product, most first. */
export function unitsByProduct(orders: readonly Order[]): Array<{ name: string; units: number }> {
  const units = new Map<string, { name: string; units: number }>();
  for (const order of sold(orders)) {
    for (const item of order.orderItems) {
      const entry = units.get(item.product.id) ?? { name: item.product.name, units: 0 };
      entry.units += item.quantity;
      units.set(item.product.id, entry);
    }
  }
  return [...units.values()].sort((a, b) => b.units - a.units || a.name.localeCompare(b.name));
}

/** Share of orders cancelled (refunded), 0..1; 0 for a store without orders. */
export function cancelRate(orders: readonly Order[]): number {
  return orders.length ? orders.filter((o) => o.orderStatus === 'CANCELLED').length / orders.length : 0;
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // Quote what needs it, and defuse spreadsheet formulas (=, +, -, @ at the start).
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The customers as CSV: the first name, then the buyer's id (to tell two buyers of one name apart), then the figures. */
export function customersCsv(rows: readonly CustomerRow[]): string {
  const header = ['Customer', 'Customer id', 'Orders', 'Total spent (NGN)', 'First order', 'Last order', 'Pickup'];
  const lines = rows.map((r) =>
    [
      r.firstName ?? '',
      r.userId,
      r.orders,
      (r.spentKobo / 100).toFixed(2),
      r.firstOrderAt.slice(0, 10),
      r.lastOrderAt.slice(0, 10),
      r.hostel,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\n');
}
