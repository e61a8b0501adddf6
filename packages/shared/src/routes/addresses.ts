import '../zod-config';
import { envelope, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { addressInputSchema, addressSchema, addressSearchQuerySchema } from '../addresses';
import { defineRoutes } from './define';

/** Spec §7 Addresses: the caller's own delivery addresses (others' → 404). Rules: apps/api/src/modules/addresses/README.md. */
export const addresses = defineRoutes('addresses', {
  create: {
    method: 'POST',
    path: '/addresses/create',
    access: 'user',
    description: 'Adds a delivery address (country/state/city checked against the reference data; at most 20 per user: 422). `isDefault` makes it the one default.',
    schema: { body: addressInputSchema, response: { 200: envelope(addressSchema) } },
  },
  search: {
    method: 'GET',
    path: '/addresses/search',
    access: 'user',
    description: "The caller's addresses (the default first, then by `sortBy`); `q` on the label, recipient, street or city.",
    schema: { querystring: addressSearchQuerySchema, response: { 200: listEnvelope(addressSchema) } },
  },
  get: {
    method: 'GET',
    path: '/addresses/:id',
    access: 'user',
    description: "One of the caller's addresses.",
    schema: { params: uuidParamSchema, response: { 200: envelope(addressSchema) } },
  },
  update: {
    method: 'PUT',
    path: '/addresses/:id',
    access: 'user',
    description: "Replaces one of the caller's addresses (all fields, as on create).",
    schema: { params: uuidParamSchema, body: addressInputSchema, response: { 200: envelope(addressSchema) } },
  },
  remove: {
    method: 'DELETE',
    path: '/addresses/:id',
    access: 'user',
    description: "Deletes one of the caller's addresses (orders keep the copy they were sent to).",
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
});
