'use client';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';

/** GET /countries/list → options for a country Select. */
export function useCountryOptions() {
  const { data, error, isLoading } = useRoute(routes.reference.countries, {}, { revalidateOnFocus: false });
  const options = (Array.isArray(data) ? data : []).map((c) => ({ value: c.code, label: c.name }));
  return { options, error, isLoading };
}
