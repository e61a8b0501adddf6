import './zod-config';
import { z } from 'zod';

export const countrySchema = z.object({
  name: z.string(),
  code: z.string(),
  capital: z.string(),
  region: z.string(),
  currency: z.object({ code: z.string(), name: z.string(), symbol: z.string() }),
  language: z.object({ code: z.string(), name: z.string() }),
  flag: z.string(),
});
export type Country = z.infer<typeof countrySchema>;
export const stateSchema = z.object({ name: z.string(), code: z.string(), countryCode: z.string() });
export const citySchema = z.object({ name: z.string(), stateCode: z.string(), countryCode: z.string() });
export const languageSchema = z.object({ code: z.string(), name: z.string(), nativeName: z.string() });
export const phoneCodeSchema = z.object({ countryCode: z.string(), name: z.string(), dialCode: z.string() });
export const optionSchema = z.object({ value: z.string(), text: z.string() });
export const userAdditionalSchema = z.object({
  genders: z.array(optionSchema),
  orientations: z.array(optionSchema),
  heights: z.array(optionSchema),
  weights: z.array(optionSchema),
  ethnicities: z.array(optionSchema),
  bodyTypes: z.array(optionSchema),
  eyes: z.array(optionSchema),
  hairs: z.array(optionSchema),
  butts: z.array(optionSchema),
});
