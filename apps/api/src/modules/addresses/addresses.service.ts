import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { ADDRESSES_MAX, type Address, type AddressInput } from '@stagepass/shared';
import { addressInputSchema } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { fieldError, notFound, unprocessable } from '../../platform/errors';
import { users, type UserRow } from '../users/users.tables';
import { listCities, listCountries, listStates } from '../reference/reference.service';
import { addresses, type AddressRow } from './addresses.tables';
import { containsPattern } from '../../db/like';

type Input = ReturnType<typeof addressInputSchema.parse>;

/** A user's own delivery addresses (README.md beside this file). */
export class AddressesService {
  constructor(private deps: { db: Db }) {}

  private get db(): Db {
    return this.deps.db;
  }

  async create(user: UserRow, input: AddressInput): Promise<Address> {
    const v = await this.checked(input);
    const row = await this.db.transaction(async (tx) => {
      // Serialises one user's creates on their account row: the cap and the first-is-default rule hold under concurrency.
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`);
      const [n] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, user.id));
      if (Number(n?.n ?? 0) >= ADDRESSES_MAX) throw unprocessable(`You can keep at most ${ADDRESSES_MAX} addresses`);
      const first = Number(n?.n ?? 0) === 0;
      if (v.isDefault) await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, user.id), eq(addresses.isDefault, true)));
      const [r] = await tx.insert(addresses).values({ ...v, isDefault: v.isDefault || first, userId: user.id }).returning();
      return r!;
    });
    return view(row);
  }

  async update(user: UserRow, id: string, input: AddressInput): Promise<Address> {
    const v = await this.checked(input);
    const row = await this.db.transaction(async (tx) => {
      const [own] = await tx.select({ id: addresses.id }).from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, user.id))).for('update');
      if (!own) throw notFound('Address not found');
      if (v.isDefault) await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, user.id), eq(addresses.isDefault, true), ne(addresses.id, id)));
      const [r] = await tx.update(addresses).set(v).where(eq(addresses.id, id)).returning();
      return r!;
    });
    return view(row);
  }

  async remove(user: UserRow, id: string): Promise<void> {
    const gone = await this.db.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, user.id))).returning({ id: addresses.id });
    if (!gone.length) throw notFound('Address not found');
  }

  async get(user: UserRow, id: string): Promise<Address> {
    return view(await this.own(user.id, id));
  }

  /** The caller's own address row (orders copy it), or 404 — whoever else's it is. */
  async own(userId: string, id: string): Promise<AddressRow> {
    const [row] = await this.db.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!row) throw notFound('Address not found');
    return row;
  }

  async search(user: UserRow, q: { offset: number; limit: number; sort: 'asc' | 'desc'; sortBy: 'createdAt' | 'updatedAt' | 'name'; q?: string }): Promise<{ data: Address[]; total: number }> {
    const conds: SQL[] = [eq(addresses.userId, user.id)];
    if (q.q) {
      const like = containsPattern(q.q);
      conds.push(or(ilike(addresses.name, like), ilike(addresses.recipientName, like), ilike(addresses.streetAddress, like), ilike(addresses.city, like))!);
    }
    const where = and(...conds);
    const col = q.sortBy === 'name' ? addresses.name : q.sortBy === 'updatedAt' ? addresses.updatedAt : addresses.createdAt;
    const [rows, [total]] = await Promise.all([
      this.db.select().from(addresses).where(where).orderBy(desc(addresses.isDefault), q.sort === 'asc' ? asc(col) : desc(col), desc(addresses.id)).limit(q.limit).offset(q.offset),
      this.db.select({ n: count() }).from(addresses).where(where),
    ]);
    return { data: rows.map(view), total: Number(total?.n ?? 0) };
  }

  /** Country, state and city against the reference data (a city is free text where a state has no list). */
  private async checked(input: AddressInput): Promise<Input> {
    const v = addressInputSchema.parse(input);
    if (!listCountries('').some((c) => c.code === v.country)) throw fieldError('country', 'Choose a country');
    const states = await listStates(v.country);
    if (states.length) {
      if (!v.state || !states.some((s) => s.code === v.state)) throw fieldError('state', 'Choose a state of this country');
      const cities = await listCities(v.country, v.state);
      if (cities.length && !cities.some((c) => c.name.toLowerCase() === v.city.toLowerCase())) throw fieldError('city', 'Choose a city of this state');
    } else if (v.state) {
      throw fieldError('state', 'This country has no states');
    }
    return v;
  }
}

function view(r: AddressRow): Address {
  return {
    _id: r.id, name: r.name, recipientName: r.recipientName, phone: r.phone, country: r.country, state: r.state, city: r.city,
    streetAddress: r.streetAddress, zipCode: r.zipCode, description: r.description, isDefault: r.isDefault,
    createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  };
}
