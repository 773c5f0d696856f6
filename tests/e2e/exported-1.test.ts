// The exported browser tests of a share of the machines with an adapter (exportedGroups: 3 files that run side by
// side): each machine's paths (tests/e2e/exported/<machine>.paths.ts) play on this file's one real server and the
// shared Chromium (tests/e2e/paths/suite.ts). Written by `npm run qa:export -- --all`; tests/model/export.test.ts
// fails while it is not what the export writes.
// Run one machine: npm run build && npx vitest run --project e2e tests/e2e/exported- -t '<machine> in the browser'
import './exported/campaignDevices.paths.ts';
import './exported/departmentForm.paths.ts';
import './exported/groupForm.paths.ts';
import './exported/markerPlacement.paths.ts';
import './exported/mediaEdit.paths.ts';
import './exported/userCreateForm.paths.ts';
