'use client';
import useSWR from 'swr';
import type { Country } from '@stagepass/shared';

/** GET /countries/list → options for a country Select. */
export function useCountryOptions() {
  const { data, error, isLoading } = useSWR<Country[]>('/countries/list', { revalidateOnFocus: false });
  const options = (Array.isArray(data) ? data : []).map((c) => ({ value: c.code, label: c.name }));
  return { options, error, isLoading };
}
