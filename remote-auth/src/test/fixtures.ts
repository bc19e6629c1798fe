import type { User } from '@campus/shared/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Ada Obi',
    firstName: 'Ada',
    lastName: 'Obi',
    fullName: 'Ada Obi',
    displayName: null,
    email: 'ada@campus.edu.ng',
    role: 'USER',
    profilePicture: null,
    emailVerified: true,
    isSeller: false,
    sellerCompleted: false,
    seller: null,
    cart: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
