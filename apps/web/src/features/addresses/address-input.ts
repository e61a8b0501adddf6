// Types only: this module is part of the page's first load, which stays free of zod.
import type { Address, AddressInput } from '@stagepass/shared';

/** The address dialog: `address` null = a new one. */
export interface AddressDialogState {
  address: Address | null;
}

/** A stored address as the body of PUT /addresses/{id} (all fields). */
export function toInput(a: Address): AddressInput {
  return {
    name: a.name,
    recipientName: a.recipientName,
    ...(a.phone ? { phone: a.phone } : {}),
    country: a.country,
    state: a.state,
    city: a.city,
    streetAddress: a.streetAddress,
    zipCode: a.zipCode,
    description: a.description,
    isDefault: a.isDefault,
  };
}
