import { makeOrder } from '../../../test/fixtures';
import { cancelRate, customerSummary, customersCsv, customersOf, revenueByDay, unitsByProduct } from './insights';

const item = (id: string, name: string, quantity: number) => ({
  id: `i-${id}-${quantity}`,
  quantity,
  price: '1000.00',
  product: { id, name, slug: id, imageUrls: [] },
});

const orders = [
  makeOrder({ id: 'a', userId: 'u1', totalPrice: '3000.00', createdAt: '2026-10-05T10:00:00.000Z', orderItems: [item('lamp', 'Lamp', 3)] }),
  makeOrder({
    id: 'b',
    userId: 'u1',
    totalPrice: '1000.00',
    createdAt: '2026-11-20T10:00:00.000Z',
    hostelName: 'Kuti Hall',
    orderItems: [item('pen', 'Pen', 1)],
  }),
  makeOrder({ id: 'c', userId: 'u2', totalPrice: '2000.00', createdAt: '2026-11-21T10:00:00.000Z', orderItems: [item('lamp', 'Lamp', 2)] }),
  makeOrder({
    id: 'd',
    userId: 'u3',
    totalPrice: '9000.00',
    createdAt: '2026-11-22T10:00:00.000Z',
    orderStatus: 'CANCELLED',
    orderItems: [item('pen', 'Pen', 9)],
  }),
];
const now = new Date('2026-11-23T12:00:00.000Z');

describe('store insights from real orders', () => {
  it('counts unique buyers, new this month, repeat buyers and the average order (cancelled orders left out)', () => {
    expect(customerSummary(orders, now)).toEqual({ total: 2, newThisMonth: 1, repeat: 1, averageOrderKobo: 200_000 });
    expect(customerSummary([], now)).toEqual({ total: 0, newThisMonth: 0, repeat: 0, averageOrderKobo: 0 });
  });

  it('lists customers by money spent, with their latest pickup', () => {
    const rows = customersOf(orders);
    expect(rows.map((r) => [r.userId, r.orders, r.spentKobo])).toEqual([
      ['u1', 2, 400_000],
      ['u2', 1, 200_000],
    ]);
    expect(rows[0]?.hostel).toBe('Kuti Hall, Block B, Room 12');
    expect(rows[0]?.firstName).toBeNull();
    // The first name from the buyer's latest order that has one.
    const named = customersOf([
      { ...makeOrder({ id: 'e', userId: 'u9', createdAt: '2026-11-01T10:00:00.000Z' }), buyerFirstName: 'Tunde' },
      makeOrder({ id: 'f', userId: 'u9', createdAt: '2026-11-02T10:00:00.000Z' }),
    ]);
    expect(named.map((r) => [r.userId, r.firstName])).toEqual([['u9', 'Tunde']]);
  });

  it('adds revenue up per day, with empty days at 0', () => {
    const series = revenueByDay(orders, now, 7);
    expect(series).toHaveLength(7);
    expect(series.map((d) => d.kobo)).toEqual([0, 0, 0, 100_000, 200_000, 0, 0]);
  });

  it('counts units sold per product and the cancel rate', () => {
    expect(unitsByProduct(orders)).toEqual([
      { name: 'Lamp', units: 5 },
      { name: 'Pen', units: 1 },
    ]);
    expect(cancelRate(orders)).toBe(0.25);
    expect(cancelRate([])).toBe(0);
  });

  it('exports customers as CSV, quoting commas and defusing formulas', () => {
    const csv = customersCsv([
      {
        userId: '=HYPERLINK("x")',
        firstName: 'Ada, Jr',
        orders: 1,
        spentKobo: 150_050,
        firstOrderAt: '2026-11-01T00:00:00Z',
        lastOrderAt: '2026-11-02T00:00:00Z',
        hostel: 'Moremi Hall, Block B',
      },
    ]);
    expect(csv.split('\n')).toEqual([
      'Customer,Customer id,Orders,Total spent (NGN),First order,Last order,Pickup',
      `"Ada, Jr","'=HYPERLINK(""x"")",1,1500.50,2026-11-01,2026-11-02,"Moremi Hall, Block B"`,
    ]);
  });
});
