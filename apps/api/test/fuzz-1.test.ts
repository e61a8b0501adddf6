import { describeFuzz } from './fuzz';

// Part 1 of the bad-input fuzz over every operation of the OpenAPI document (fuzz.ts).
describeFuzz(1);
