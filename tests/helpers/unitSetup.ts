// Before every file of the unit and model projects. They run without per-file isolation (one module graph per worker),
// so what a file leaves behind must be cleared here rather than by a fresh module graph:
// - @testing-library/react registers its afterEach(cleanup) when it is first imported, that is for the first file of a
//   worker only; the next file then found the previous file's screens still mounted ("multiple elements").
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
