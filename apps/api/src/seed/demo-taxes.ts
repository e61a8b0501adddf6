import { taxDetailsInputSchema, type TaxDetailsInput } from '@stagepass/shared';
import type { Root } from '../root';
import type { UserRow } from '../modules/users/users.tables';

/**
 * The demo creators' tax details (modules/taxes), so a demo payout request is not stopped by the
 * tax gate and the console has something to show behind its reason dialog: Luna a W-9 as a US
 * individual, Iris a W-8BEN from France claiming the treaty, Marco a W-9 for his LLC. Made-up
 * numbers (never a real person's), sealed like any creator's. Only for creators who have none.
 */
export const DEMO_TAX_DETAILS: Record<'luna' | 'iris' | 'marco', TaxDetailsInput> = {
  luna: {
    form: 'w9', entityType: 'individual', legalName: 'Luna Rivers', businessName: '', classification: 'individual', tinType: 'ssn', tin: '123-45-6789',
    addressLine1: '12 Harbor Lane', addressLine2: 'Apt 3', city: 'Portland', region: 'OR', postalCode: '97201', certify: true, signature: 'Luna Rivers',
  },
  iris: {
    form: 'w8ben', entityType: 'individual', legalName: 'Iris Vale', citizenshipCountry: 'FR', foreignTaxId: '1 23 45 67 890 123', addressLine1: '8 rue des Lilas', addressLine2: '',
    city: 'Lyon', region: '', postalCode: '69003', addressCountry: 'FR', treatyCountry: 'FR', certify: true, signature: 'Iris Vale',
  },
  marco: {
    form: 'w9', entityType: 'business', legalName: 'Marco Diaz Beats LLC', businessName: 'Marco Diaz', classification: 'llc_s', tinType: 'ein', tin: '12-3456789',
    addressLine1: '400 Market Street', addressLine2: 'Suite 210', city: 'Austin', region: 'TX', postalCode: '78701', certify: true, signature: 'Marco Diaz',
  },
};

export async function seedTaxDetails(ctx: Root, creators: Partial<Record<keyof typeof DEMO_TAX_DETAILS, UserRow>>) {
  for (const [key, user] of Object.entries(creators) as Array<[keyof typeof DEMO_TAX_DETAILS, UserRow | undefined]>) {
    if (!user || (await ctx.taxDetails.has(ctx.db, user.id))) continue;
    await ctx.taxDetails.put(user, taxDetailsInputSchema.parse(DEMO_TAX_DETAILS[key]));
  }
}
