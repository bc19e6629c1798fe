/**
 * The User wire shape (shared userSchema) built from a row. Later features
 * (seller, cart) extend `UserExtras` rather than changing callers.
 */
import { DEFAULT_ROLE_LABEL } from '@campus/shared/constants';
import type { User } from '@campus/shared/schemas';
import type { DbOrTx } from '../db/client';
import type { UserRow } from '../db/schema';

export interface UserExtras {
  seller?: User['seller'];
  cart?: User['cart'];
  /** The campus team's role (the operations console's domain answers it). */
  isOperator?: boolean;
}

/** Reads a user's extras (a port: the sellers domain provides it, the route map wires it in). */
export type UserExtrasOf = (db: DbOrTx, userId: string) => Promise<UserExtras>;

export function fullNameOf(row: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return [row.firstName, row.lastName].filter(Boolean).join(' ');
}

/** "Ada Lovelace Byron" → first "Ada", last "Lovelace Byron". */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

export function toUser(row: UserRow, extras: UserExtras = {}): User {
  const fullName = fullNameOf(row);
  const seller = extras.seller ?? null;
  return {
    id: row.id,
    name: fullName,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName,
    displayName: row.displayName,
    email: row.email,
    role: row.role || DEFAULT_ROLE_LABEL,
    profilePicture: row.profilePicture,
    emailVerified: row.emailVerifiedAt !== null,
    isSeller: seller !== null,
    sellerCompleted: seller !== null,
    seller,
    cart: extras.cart ?? null,
    isOperator: extras.isOperator ?? false,
    createdAt: row.createdAt.toISOString(),
  };
}
