import { describeFuzz } from './fuzz';

// Part 2 of the bad-input fuzz over every operation of the OpenAPI document (fuzz.ts).
describeFuzz(2);
